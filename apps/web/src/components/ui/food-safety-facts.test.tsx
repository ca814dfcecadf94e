import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { FoodSafetyFacts } from './food-safety-facts';

const NOW = Date.parse('2030-05-10T06:30:00Z');

function renderFacts(props: Parameters<typeof FoodSafetyFacts>[0]) {
  renderWithProviders(
    <dl>
      <FoodSafetyFacts {...props} />
    </dl>,
  );
}

const value = (label: string) =>
  screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;

describe('food safety facts on a card', () => {
  it("shows packaged food's own use-by date beside its safe-by time", () => {
    renderFacts({
      holding: 'packaged',
      allergens: ['gluten'],
      useBy: '2030-05-12T12:30:00Z',
      safeUntil: '2030-05-11T06:30:00Z',
      now: NOW,
    });
    expect(value('Kept')).toBe('Sealed packaged food');
    expect(value('Use-by date and time on the pack')).toMatch(/12 May 2030/);
    expect(value('Safe for people until')).toMatch(/11 May 2030/);
    expect(value('Allergens')).toBe('Cereals with gluten');
  });

  it('says when cooked food is past its safe-by time, and shows no use-by row for it', () => {
    renderFacts({
      holding: 'room',
      allergens: [],
      useBy: null,
      safeUntil: '2030-05-10T06:00:00Z',
      now: NOW,
    });
    expect(value('Safe for people until')).toContain('not fit for people any more');
    expect(screen.queryByText('Use-by date and time on the pack')).toBeNull();
    expect(value('Allergens')).toBe('None declared');
  });
});
