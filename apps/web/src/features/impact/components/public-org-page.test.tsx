import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/translation.json';
import hi from '../../../../public/locales/hi/translation.json';
import { makeUser } from '../../../testing/fixtures';
import { renderApp, renderWithProviders } from '../../../testing/render';
import { orgFixture, publicApi } from '../testing/impact-fixtures';
import { PublishImpactSetting, embedSnippet } from './publish-impact-setting';

const resources = { en: { translation: en }, hi: { translation: hi } };

describe('/impact/org/:slug', () => {
  it("shows a published organisation's name, role, start and totals without signing in", async () => {
    const { asked } = publicApi((url) =>
      url.pathname === `/api/public/orgs/${orgFixture.slug}`
        ? { status: 200, body: orgFixture }
        : undefined,
    );
    renderApp({ route: `/impact/org/${orgFixture.slug}`, user: null, resources });
    const card = await screen.findByTestId('org-card');
    expect(within(card).getByRole('heading', { level: 1 })).toHaveTextContent('Saravana Bhavan');
    expect(card).toHaveTextContent('Restaurant');
    expect(card).toHaveTextContent('On AnnaSetu since 14 March 2025');
    const totals = within(card).getByTestId('org-totals');
    expect(totals).toHaveTextContent('98,765');
    expect(totals).toHaveTextContent('432.1 kg');
    expect(totals).toHaveTextContent('1,234.5 kg');
    expect(totals).toHaveTextContent('321');
    expect(asked).toEqual([`/api/public/orgs/${orgFixture.slug}`]);
    // The tab's title is set after the page is drawn.
    await waitFor(() => expect(document.title).toBe('Saravana Bhavan · AnnaSetu'));
  });

  it('says the page is not published when the API answers 404, in Hindi too', async () => {
    publicApi(() => undefined);
    renderApp({ route: '/impact/org/gone', user: null, resources, language: 'hi' });
    const missing = await screen.findByTestId('org-not-found');
    expect(within(missing).getByRole('heading', { level: 1 })).toHaveTextContent(
      'यह प्रभाव पेज प्रकाशित नहीं है',
    );
    expect(within(missing).getByRole('link', { name: 'अन्नसेतु का प्रभाव देखें' })).toHaveAttribute(
      'href',
      '/impact',
    );
    expect(screen.getByTestId('location')).toHaveTextContent('/impact/org/gone');
  });
});

describe('Publish my impact (profile)', () => {
  it('is off by default, and turning it on shows the link, the badge and its embed code', async () => {
    const user = makeUser({ role: 'foodbank', organizationName: 'Roti Bank' });
    const { requests } = publicApi((url, init) =>
      url.pathname === '/api/me' && init.method === 'PATCH'
        ? {
            status: 200,
            body: { user: { ...user, publicImpact: true, publicSlug: 'r0t1bank' } },
          }
        : undefined,
    );
    renderWithProviders(<PublishImpactSetting user={user} />, { user, resources });
    const box = screen.getByRole('checkbox', { name: 'Publish my impact' });
    expect(box).not.toBeChecked();
    expect(screen.queryByTestId('public-impact-links')).toBeNull();

    await userEvent.setup().click(box);
    expect(await screen.findByText('Your impact page is published')).toBeInTheDocument();
    expect(requests).toContainEqual({
      method: 'PATCH',
      path: '/api/me',
      body: { publicImpact: true },
    });
  });

  it('shows the public link, badge and embed code of a published card, and takes it down', async () => {
    const user = {
      ...makeUser({ role: 'restaurant', organizationName: 'Asha Kitchen' }),
      publicImpact: true,
      publicSlug: 'a5ha',
    };
    const { requests } = publicApi((url, init) =>
      url.pathname === '/api/me' && init.method === 'PATCH'
        ? { status: 200, body: { user: { ...user, publicImpact: false, publicSlug: null } } }
        : undefined,
    );
    renderWithProviders(<PublishImpactSetting user={user} />, { user, resources });
    const links = screen.getByTestId('public-impact-links');
    const origin = window.location.origin;
    expect(within(links).getByRole('link')).toHaveAttribute('href', '/impact/org/a5ha');
    expect(within(links).getByRole('link')).toHaveTextContent(`${origin}/impact/org/a5ha`);
    const badge = within(links).getByRole('img', { name: 'Impact of Asha Kitchen on AnnaSetu' });
    expect(badge).toHaveAttribute('src', `${origin}/api/public/orgs/a5ha/badge.svg?lang=en`);
    expect(within(links).getByLabelText('Code to embed the badge')).toHaveValue(
      `<a href="${origin}/impact/org/a5ha"><img src="${origin}/api/public/orgs/a5ha/badge.svg?lang=en" alt="Impact of Asha Kitchen on AnnaSetu" height="64"></a>`,
    );

    await userEvent.setup().click(screen.getByRole('checkbox', { name: 'Publish my impact' }));
    expect(await screen.findByText('Your impact page is taken down')).toBeInTheDocument();
    expect(requests).toContainEqual({
      method: 'PATCH',
      path: '/api/me',
      body: { publicImpact: false },
    });
  });

  it('escapes what it puts into the embed code', () => {
    expect(
      embedSnippet('https://x.in/impact/org/a', 'https://x.in/b.svg', 'Tom & "Jerry" <3'),
    ).toBe(
      '<a href="https://x.in/impact/org/a"><img src="https://x.in/b.svg" alt="Tom &amp; &quot;Jerry&quot; &lt;3" height="64"></a>',
    );
  });
});

describe('the profile page', () => {
  it('offers the setting to donors and receivers, not to volunteers', async () => {
    publicApi(() => undefined);
    const { unmount } = renderApp({
      route: '/profile',
      user: makeUser({ role: 'mess' }),
      resources,
    });
    // The profile page is the heaviest lazy page: give it time on a busy machine.
    const slow = { timeout: 15_000 };
    expect(
      await screen.findByRole('checkbox', { name: 'Publish my impact' }, slow),
    ).not.toBeChecked();
    unmount();
    renderApp({ route: '/profile', user: makeUser({ role: 'volunteer' }), resources });
    await screen.findByRole('heading', { name: 'Email notifications' }, slow);
    expect(screen.queryByRole('checkbox', { name: 'Publish my impact' })).toBeNull();
  });
});
