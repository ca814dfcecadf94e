import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeDonation, makeUser } from '../../../testing/fixtures';
import { renderWithProviders } from '../../../testing/render';
import { LabelDialog } from './label-dialog';

const downloadLabel = vi.fn<(...args: unknown[]) => Promise<void>>();

// The PDF itself is made by pdfmake in a browser (e2e/tests/labels.test.ts); here, what the
// dialog asks for.
vi.mock('../label/download-label', () => ({
  downloadLabel: (...args: unknown[]) => downloadLabel(...args),
  PdfLibraryError: class PdfLibraryError extends Error {},
}));

beforeEach(() => {
  downloadLabel.mockReset();
  downloadLabel.mockResolvedValue();
});

describe('the label dialog', () => {
  it("downloads four labels on A4 with the donor's FSSAI number from their profile", async () => {
    const user = makeUser({ fssaiNumber: '10020011000123', fssaiVerifiedAt: null });
    const donation = makeDonation({ donorId: user.id });
    const onClose = vi.fn();
    renderWithProviders(<LabelDialog donation={donation} onClose={onClose} />, { user });

    expect(screen.getByRole('radio', { name: 'One label on A6' })).toBeChecked();
    await userEvent.click(screen.getByRole('radio', { name: 'Four labels on one A4 sheet' }));
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(downloadLabel).toHaveBeenCalledTimes(1);
    const [sent, layout, options] = downloadLabel.mock.calls[0]!;
    expect(sent).toBe(donation);
    expect(layout).toBe('a4x4');
    expect(options).toMatchObject({
      language: 'en',
      donorFssai: { number: '10020011000123', verified: false },
      origin: window.location.origin,
    });
    expect(await screen.findByText('Your label is ready.')).toBeInTheDocument();
  });

  it('prefers the donation’s own FSSAI record, and says so when the label fails', async () => {
    downloadLabel.mockRejectedValue(new Error('font missing'));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const donation = makeDonation({ donorFssai: { number: '22220000111122', verified: true } });
    const onClose = vi.fn();
    renderWithProviders(<LabelDialog donation={donation} onClose={onClose} />, {
      user: makeUser({ id: '00000000-0000-4000-8000-0000000000f1' }),
    });
    await userEvent.click(screen.getByRole('button', { name: 'Download PDF' }));

    expect(await screen.findByText('Could not create the label.')).toBeInTheDocument();
    expect(onClose).not.toHaveBeenCalled();
    expect(downloadLabel.mock.calls[0]![1]).toBe('a6');
    expect(downloadLabel.mock.calls[0]![2]).toMatchObject({
      donorFssai: { number: '22220000111122', verified: true },
    });
  });
});
