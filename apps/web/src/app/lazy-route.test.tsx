import { Suspense, useState } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { lazyPage } from './lazy-route';

/** A page with a field: what is typed lives in the DOM and in the page's own state. */
function NotePage() {
  const [note, setNote] = useState('');
  return (
    <label>
      Note
      <input value={note} onChange={(event) => setNote(event.target.value)} />
    </label>
  );
}

/** The app around a page: re-renders when something above the page changes (a query, a language). */
function Shell({ Page }: { Page: () => React.ReactElement }) {
  const [count, setCount] = useState(0);
  return (
    <>
      <button onClick={() => setCount(count + 1)}>Something above changed {count}</button>
      <Suspense fallback={<p>Loading</p>}>
        <Page />
      </Suspense>
    </>
  );
}

describe('a page loaded on demand', () => {
  it('keeps what was typed when the app above it renders again after its chunk arrived', async () => {
    let arrive: () => void = () => undefined;
    const Page = lazyPage(
      () =>
        new Promise((resolve) => {
          arrive = () => resolve({ Component: NotePage });
        }),
    );
    const user = userEvent.setup();
    render(<Shell Page={Page} />);
    expect(screen.getByText('Loading')).toBeInTheDocument();
    await act(async () => arrive());
    await user.type(await screen.findByLabelText('Note'), 'Back gate');
    // A person's form must not be drawn afresh because something above it changed.
    await user.click(screen.getByRole('button', { name: /Something above changed/ }));
    expect(screen.getByLabelText('Note')).toHaveValue('Back gate');
  });

  it('renders at once, without suspending, once preloaded', async () => {
    const Page = lazyPage(() => Promise.resolve({ Component: NotePage }));
    await Page.preload();
    render(<Shell Page={Page} />);
    expect(screen.getByLabelText('Note')).toBeInTheDocument();
    expect(screen.queryByText('Loading')).not.toBeInTheDocument();
  });
});
