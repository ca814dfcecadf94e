import { useEffect, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { waitFor } from '@testing-library/react';
import { holdEarlySubmits, noteEarlyInput, replayEarlyInput } from './early-input';

// Hydration runs outside act() here, as it does in a browser.
const actEnvironment = globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean };
let before: boolean | undefined;
beforeAll(() => {
  before = actEnvironment.IS_REACT_ACT_ENVIRONMENT;
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = false;
});
afterAll(() => {
  actEnvironment.IS_REACT_ACT_ENVIRONMENT = before;
});

function SignIn({ onSend, onReady }: { onSend: (email: string) => void; onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(String(new FormData(event.currentTarget).get('email')));
      }}
    >
      <input name="email" aria-label="Email" />
      <button type="submit">Log in</button>
    </form>
  );
}

it('holds a tap made before hydration (never posting the form) and sends it once after', async () => {
  window.__inputReplayed = false;
  window.__heldSubmits = undefined;
  const sent: string[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(
    <SignIn onSend={() => undefined} onReady={() => undefined} />,
  );
  holdEarlySubmits();

  // The page is plain HTML: the tap is held, not posted by the browser, and not lost.
  const form = container.querySelector('form')!;
  container.querySelector('input')!.value = 'meera@example.org';
  const tap = new Event('submit', { bubbles: true, cancelable: true });
  // `dispatchEvent` answers false when the default (a browser post of the form) was prevented.
  expect(form.dispatchEvent(tap)).toBe(false);
  expect(sent).toEqual([]);

  noteEarlyInput(container);
  hydrateRoot(
    container,
    <SignIn onSend={(email) => sent.push(email)} onReady={() => replayEarlyInput(container)} />,
  );
  await waitFor(() => expect(sent).toEqual(['meera@example.org']));

  // Once the app has the form, a tap is the app's alone: sent once, never again by the hold.
  form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(sent).toEqual(['meera@example.org', 'meera@example.org']);
});

/** A form that keeps what is typed in its state, as the app's forms do (react-hook-form). */
function StatefulSignIn({
  onSend,
  onReady,
}: {
  onSend: (email: string) => void;
  onReady: () => void;
}) {
  const [email, setEmail] = useState('');
  useEffect(onReady, [onReady]);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSend(email);
      }}
    >
      <input
        name="email"
        aria-label="Email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
      />
      <button type="submit">Log in</button>
    </form>
  );
}

it('keeps a tap made after hydration but before the typed values reach the app, and sends them', async () => {
  window.__inputReplayed = false;
  window.__heldSubmits = undefined;
  const sent: string[] = [];
  const container = document.createElement('div');
  document.body.append(container);
  container.innerHTML = renderToString(
    <StatefulSignIn onSend={() => undefined} onReady={() => undefined} />,
  );
  holdEarlySubmits();
  // Typed while the page was plain HTML: in the page, not in the app's state.
  container.querySelector('input')!.value = 'meera@example.org';

  let hydrated = false;
  noteEarlyInput(container);
  hydrateRoot(
    container,
    <StatefulSignIn onSend={(email) => sent.push(email)} onReady={() => (hydrated = true)} />,
  );
  await waitFor(() => expect(hydrated).toBe(true));
  // The app has the form, and the tap comes before the typed value was handed over.
  const form = container.querySelector('form')!;
  expect(form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }))).toBe(false);
  expect(sent).toEqual([]);

  replayEarlyInput(container);
  await waitFor(() => expect(sent).toEqual(['meera@example.org']));
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(sent).toEqual(['meera@example.org']);
});
