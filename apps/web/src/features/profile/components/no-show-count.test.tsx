import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/render';
import { NoShowCount } from './no-show-count';

describe('NoShowCount', () => {
  it("shows the volunteer's own count and what repeated no-shows do", () => {
    renderWithProviders(
      <dl>
        <NoShowCount count={3} />
      </dl>,
    );
    const term = screen.getByText('Missed pickups');
    expect(term.tagName).toBe('DT');
    const value = term.nextElementSibling!;
    expect(value.firstChild!.textContent).toBe('3');
    expect(value).toHaveAccessibleDescription(
      'A pickup not collected in time is released automatically and counted here. From 2 on, other volunteers are alerted before you.',
    );
  });
});
