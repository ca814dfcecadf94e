import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Donation } from '@annasetu/domain';
import { renderWithProviders } from '../../../testing/render';
import { RequestedDonations } from '../requested';
import { DonationAction } from './donation-actions';

const donation = (n: number) => ({ id: `00000000-0000-4000-8000-0000000000d${n}` }) as Donation;

describe('the feed’s Request button', () => {
  it('says "Requested", and cannot be pressed, on food the person already asked for only', () => {
    renderWithProviders(
      <RequestedDonations.Provider value={new Set([donation(1).id])}>
        <DonationAction donation={donation(1)} kind="receiver" onRequest={() => {}} />
        <DonationAction donation={donation(2)} kind="receiver" onRequest={() => {}} />
      </RequestedDonations.Provider>,
    );
    expect(screen.getByRole('button', { name: 'Requested' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Request' })).toBeEnabled();
  });
});
