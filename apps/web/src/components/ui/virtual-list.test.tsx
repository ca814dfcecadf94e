import { act, render, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FIRST_ROWS,
  SHORT_FIRST_ROWS,
  VirtualList,
  WINDOW_FROM,
  type RowProps,
} from './virtual-list';

// The windowed renderer (with the windowing library) is counted when loaded, and held back until
// a test lets it arrive, so what a list shows meanwhile can be seen.
const windowed = vi.hoisted(() => {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => (release = resolve));
  return { loads: 0, arrived, release: () => release() };
});
vi.mock('./windowed-list', async (importOriginal) => {
  windowed.loads += 1;
  await windowed.arrived;
  return importOriginal();
});

interface Item {
  id: number;
  name: string;
}

const items = (count: number): Item[] =>
  Array.from({ length: count }, (_, i) => ({ id: i + 1, name: `Meal ${i + 1}` }));

function List({ rows }: { rows: Item[] }) {
  return (
    <>
      <h2 id="list-title">Waiting to send</h2>
      <VirtualList
        aria-labelledby="list-title"
        items={rows}
        getKey={(item) => item.id}
        estimateSize={64}
        renderRow={(item, row: RowProps) => (
          <li {...row}>
            {item.name} <button type="button">Cancel: {item.name}</button>
          </li>
        )}
      />
    </>
  );
}

// jsdom lays nothing out: rows are given a phone's row height, and the window observer exists.
const offsetHeight = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'offsetHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'offsetHeight', {
    configurable: true,
    get() {
      return this instanceof HTMLLIElement ? 64 : 0;
    },
  });
});
beforeEach(() => {
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
});
afterAll(() => {
  if (offsetHeight) Object.defineProperty(HTMLElement.prototype, 'offsetHeight', offsetHeight);
});

describe('VirtualList', () => {
  it(`renders a list of fewer than ${WINDOW_FROM} rows in full, without the windowing library`, async () => {
    render(<List rows={items(WINDOW_FROM - 1)} />);
    const list = screen.getByRole('list', { name: 'Waiting to send' });
    // The first screens at once, the rest a few rows per task just after.
    expect(within(list).getAllByRole('listitem')).toHaveLength(SHORT_FIRST_ROWS);
    await waitFor(() =>
      expect(within(list).getAllByRole('listitem')).toHaveLength(WINDOW_FROM - 1),
    );
    const rows = within(list).getAllByRole('listitem');
    expect(rows[0]).not.toHaveAttribute('aria-posinset');
    expect(list).not.toHaveClass('virtual-list');
    // Nothing asked for the windowed renderer, now or a moment later.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(windowed.loads).toBe(0);
  });

  it('renders each row of a short list once while the later rows come in, and again when its item changes', async () => {
    const renders = new Map<number, number>();
    const renderRow = (item: Item, row: RowProps) => {
      renders.set(item.id, (renders.get(item.id) ?? 0) + 1);
      return <li {...row}>{item.name}</li>;
    };
    const rows = items(60);
    const view = render(
      <VirtualList
        items={rows}
        getKey={(item) => item.id}
        estimateSize={64}
        renderRow={renderRow}
      />,
    );
    await waitFor(() => expect(screen.getAllByRole('listitem')).toHaveLength(60));
    expect([...renders.values()].every((count) => count === 1)).toBe(true);
    expect(renders.size).toBe(60);

    // A new answer where one item changed: that row alone is drawn again.
    const next = rows.map((item) => (item.id === 7 ? { ...item, name: 'Meal 7 (changed)' } : item));
    view.rerender(
      <VirtualList
        items={next}
        getKey={(item) => item.id}
        estimateSize={64}
        renderRow={renderRow}
      />,
    );
    expect(screen.getByText('Meal 7 (changed)')).toBeInTheDocument();
    expect(renders.get(7)).toBe(2);
    expect(renders.get(8)).toBe(1);
  });

  it('shows a long list’s first rows numbered while the windowed renderer loads, then windows it, keeping the focus', async () => {
    render(<List rows={items(500)} />);
    const list = () => screen.getByRole('list', { name: 'Waiting to send' });
    const first = within(list()).getAllByRole('listitem');
    expect(first).toHaveLength(FIRST_ROWS);
    expect(first[0]).toHaveAttribute('aria-setsize', '500');
    expect(first[0]).toHaveAttribute('aria-posinset', '1');
    expect(first[FIRST_ROWS - 1]).toHaveAttribute('aria-posinset', String(FIRST_ROWS));
    await waitFor(() => expect(windowed.loads).toBe(1));

    // A keyboard user already on the third row stays there when the windowed rows replace these.
    screen.getByRole('button', { name: 'Cancel: Meal 3' }).focus();
    windowed.release();
    await waitFor(() => expect(list()).toHaveClass('virtual-list'));
    const shown = within(list()).getAllByRole('listitem');
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.length).toBeLessThan(40);
    expect(shown[0]).toHaveAttribute('aria-setsize', '500');
    expect(shown[0]).toHaveAttribute('aria-posinset', '1');
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Cancel: Meal 3' })),
    );
  });
});
