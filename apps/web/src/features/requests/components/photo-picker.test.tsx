import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { FoodRequest } from '@annasetu/domain';
import { mockApi } from '../../../testing/fetch-mock';
import { renderWithProviders } from '../../../testing/render';
import { CollectDialog } from './collect-dialog';

type Listener = (event: { lengthComputable?: boolean; loaded?: number; total?: number }) => void;

/** Stands in for XMLHttpRequest so a test decides when progress, success or failure happen. */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;
  private listeners: Record<string, Listener[]> = {};
  private uploadListeners: Record<string, Listener[]> = {};
  upload = {
    addEventListener: (type: string, listener: Listener) => {
      (this.uploadListeners[type] ??= []).push(listener);
    },
  };
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  addEventListener(type: string, listener: Listener) {
    (this.listeners[type] ??= []).push(listener);
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.emit('abort');
  }
  private emit(type: string, event = {}) {
    for (const listener of this.listeners[type] ?? []) listener(event);
  }
  progress(loaded: number, total: number) {
    act(() => {
      for (const listener of this.uploadListeners.progress ?? [])
        listener({ lengthComputable: true, loaded, total });
    });
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    act(() => this.emit('load'));
  }
}

const BANK = '00000000-0000-4000-8000-0000000000b1';
const PHOTO_1 = '00000000-0000-4000-8000-000000000f01';
const PHOTO_2 = '00000000-0000-4000-8000-000000000f02';

const request = {
  id: '00000000-0000-4000-8000-0000000000e1',
  donationId: '00000000-0000-4000-8000-0000000000d1',
  foodType: 'Veg biryani',
  status: 'accepted',
  destinationType: 'foodbank',
  destinationUserId: BANK,
  // The donor said how the food is kept: the holding check at pickup starts there.
  holding: 'chilled',
  quantity: 20,
  unit: 'meals',
} as FoodRequest;

const jpeg = (name = 'food.jpg', bytes = 2048) =>
  new File([new Uint8Array(bytes)], name, { type: 'image/jpeg' });

function setup() {
  const api = mockApi({
    'GET /api/users': {
      body: {
        items: [
          {
            id: BANK,
            role: 'foodbank',
            name: 'Asha',
            organizationName: 'Asha Food Bank',
            address: 'MG Road',
            phone: '9876543210',
            email: 'bank@example.in',
            coordinates: null,
            isVerified: true,
          },
        ],
      },
    },
    'POST /api/collections': {
      status: 201,
      body: {
        request,
        collection: {},
        destination: { name: 'Asha Food Bank', email: '', address: 'MG Road', phone: '' },
      },
    },
    [`DELETE /api/uploads/photos/${PHOTO_1}`]: { status: 204 },
  });
  renderWithProviders(<CollectDialog request={request} onClose={() => {}} />);
  const user = userEvent.setup({ applyAccept: false });
  const input = () => document.querySelector<HTMLInputElement>('input[type="file"]')!;
  const submit = () => screen.getByRole('button', { name: 'Record collection' });
  return { ...api, user, input, submit };
}

beforeEach(() => {
  FakeXhr.sent = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  let previews = 0;
  URL.createObjectURL = vi.fn(() => `blob:preview-${++previews}`);
  URL.revokeObjectURL = vi.fn();
});

/** The photo is shrunk on the device before its upload starts: wait for the request. */
async function sentXhr(index: number): Promise<FakeXhr> {
  await waitFor(() => expect(FakeXhr.sent[index]).toBeDefined());
  return FakeXhr.sent[index]!;
}

describe('collect dialog photo', () => {
  it('uploads on pick with progress, blocks submit meanwhile, then sends the photo id', async () => {
    document.cookie = 'csrf_token=token-123; path=/';
    const { user, input, submit, calls } = setup();
    expect(input()).toHaveAttribute('accept', 'image/*');
    expect(input()).toHaveAttribute('capture', 'environment');
    await waitFor(() => expect(submit()).toBeEnabled());

    await user.upload(input(), jpeg());
    const xhr = await sentXhr(0);
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/uploads/photos');
    expect(xhr.headers['X-CSRF-Token']).toBe('token-123');
    expect((xhr.body?.get('photo') as File).name).toBe('food.jpg');
    expect(screen.getByRole('img', { name: 'The photo you chose' })).toHaveAttribute(
      'src',
      'blob:preview-1',
    );
    expect(submit()).toBeDisabled();

    xhr.progress(30, 100);
    expect(screen.getByText('Uploading photo… 30%')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '30');
    xhr.progress(100, 100);
    expect(screen.getByRole('progressbar')).toHaveAttribute('value', '100');
    // Sent but not answered yet: still not submittable.
    expect(submit()).toBeDisabled();

    xhr.respond(201, { photoId: PHOTO_1, url: `/api/uploads/photos/${PHOTO_1}` });
    expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(submit()).toBeEnabled();

    await user.type(screen.getByLabelText(/^How much are you taking/), '20');
    await user.click(submit());
    await screen.findByText('Take the food here');
    const collect = calls.find((c) => c.method === 'POST' && c.url === '/api/collections');
    expect(collect?.body).toMatchObject({ requestId: request.id, photoId: PHOTO_1 });
    // An attached photo is never deleted.
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
  });

  it('refuses a non-image or an oversized file before uploading, in words', async () => {
    const { user, input } = setup();
    await user.upload(input(), new File(['#!/bin/sh'], 'run.sh', { type: 'text/x-sh' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please choose a photo (JPEG, PNG or WebP).',
    );
    await user.upload(input(), jpeg('huge.jpg', 10 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This photo is too large. Please choose one under 10 MB.',
    );
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows a failed upload with the reason, retries it, and the submit waits meanwhile', async () => {
    const { user, input, submit } = setup();
    await user.upload(input(), jpeg());
    (await sentXhr(0)).respond(400, {
      error: 'Please choose a photo (JPEG, PNG or WebP).',
      code: 'UPLOAD_NOT_IMAGE',
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The photo could not be uploaded. Please choose a photo (JPEG, PNG or WebP).',
    );
    expect(submit()).toBeDisabled();
    expect(screen.getByText('Wait until the photo has uploaded, or remove it.')).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(FakeXhr.sent).toHaveLength(2);
    const again = (await sentXhr(1)).body?.get('photo') as File;
    expect([again.name, again.size]).toEqual(['food.jpg', 2048]);
    (await sentXhr(1)).respond(201, { photoId: PHOTO_2, url: `/api/uploads/photos/${PHOTO_2}` });
    expect(await screen.findByText('Photo uploaded')).toBeInTheDocument();
    expect(submit()).toBeEnabled();
  });

  it('removes an uploaded photo (deleting it on the server) and aborts one under way', async () => {
    const { user, input, submit, calls } = setup();
    await user.upload(input(), jpeg());
    (await sentXhr(0)).respond(201, { photoId: PHOTO_1, url: `/api/uploads/photos/${PHOTO_1}` });
    await screen.findByText('Photo uploaded');

    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect(screen.queryByRole('img', { name: 'The photo you chose' })).not.toBeInTheDocument();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:preview-1');
    await waitFor(() =>
      expect(calls).toContainEqual(
        expect.objectContaining({ method: 'DELETE', url: `/api/uploads/photos/${PHOTO_1}` }),
      ),
    );
    expect(screen.getByRole('button', { name: 'Add a photo' })).toBeInTheDocument();

    // Removing while the upload runs stops it; the submit is free again.
    await user.upload(input(), jpeg('second.jpg'));
    expect(submit()).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Remove photo' }));
    expect((await sentXhr(1)).aborted).toBe(true);
    expect(submit()).toBeEnabled();

    await user.type(screen.getByLabelText(/^How much are you taking/), '20');
    await user.click(submit());
    await screen.findByText('Take the food here');
    const collect = calls.find((c) => c.method === 'POST' && c.url === '/api/collections');
    expect(collect?.body).not.toHaveProperty('photoId');
  });
});
