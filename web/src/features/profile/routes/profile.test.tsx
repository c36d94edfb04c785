import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, errorResponse, jsonResponse, memberSession, visitorSession, type FakeHandler } from '@testing/fake-api.js';
import type { Profile } from '@domain/profile.js';
import { cityAnswer, profileAnswer } from '@testing/builders.js';
import { renderApp } from '@testing/render.js';

const cities = [cityAnswer('Fairview', 'fairview-ca'), cityAnswer('Lakeside', 'lakeside-ca')];
const profile = (overrides: Partial<Profile> = {}) => profileAnswer({ id: '6f1c1d2e-0000-4000-8000-000000000001', ...overrides });

function memberApi(extra: Record<string, FakeHandler> = {}) {
  return {
    'GET /api/auth/session': () => memberSession('ana@example.org'),
    'GET /api/cities': () => cities,
    'GET /api/profile': () => profile(),
    ...extra,
  };
}

const homeCityCard = () => screen.getByRole('heading', { name: 'Home City' }).closest('div')!.parentElement!;

describe('profile page (spec §2 screen 12)', () => {
  it("tells a visitor 'Access Denied' and asks nothing of the profile", async () => {
    const { api } = renderApp({ path: '/profile', api: { 'GET /api/auth/session': () => visitorSession } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
    expect(screen.getByText('Please sign in to view your profile.')).toBeTruthy();
    expect(api.callsTo('GET /api/profile')).toHaveLength(0);
  });

  it('treats a session the server no longer knows (401) as signed out', async () => {
    renderApp({ path: '/profile', api: memberApi({ 'GET /api/profile': () => errorResponse(401, 'UNAUTHENTICATED', 'Not signed in') }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Access Denied' })).toBeTruthy();
  });

  it('shows the initials, the email, the read-only User ID and the Member role', async () => {
    renderApp({ path: '/profile', api: memberApi() });
    const card = (await screen.findByRole('heading', { name: 'User Information' })).closest('div')!.parentElement!;
    expect(within(card).getByText('AN')).toBeTruthy();
    expect(within(card).getByText('ana@example.org')).toBeTruthy();
    const id = within(card).getByLabelText('User ID');
    expect(id).toHaveProperty('value', '6f1c1d2e-0000-4000-8000-000000000001');
    expect(id).toHaveProperty('readOnly', true);
    expect(within(card).getByLabelText('Role')).toHaveProperty('value', 'Member');
    expect(within(card).getByLabelText('Role')).toHaveProperty('readOnly', true);
  });

  it("names an admin 'Administrator' and prefers the username to the email", async () => {
    renderApp({
      path: '/profile',
      api: memberApi({ 'GET /api/auth/session': () => adminSession('ed@example.org'), 'GET /api/profile': () => profile({ role: 'admin', username: 'Edna' }) }),
    });
    expect(await screen.findByLabelText('Role')).toHaveProperty('value', 'Administrator');
    expect(screen.getByText('Edna')).toBeTruthy();
    expect(screen.getAllByText('ED').length).toBeGreaterThan(0);
  });
});

describe('profile page: home city (spec §5, §8)', () => {
  it('keeps Update disabled until a city is chosen, then saves it and says so', async () => {
    const { user, api } = renderApp({
      path: '/profile',
      api: memberApi({ 'PATCH /api/profile': (request) => profile({ home_city_key: (request.body as { home_city_key: string }).home_city_key }) }),
    });
    await screen.findByRole('heading', { name: 'Home City' });
    const update = within(homeCityCard()).getByRole('button', { name: 'Update Home City' });
    expect(update).toHaveProperty('disabled', true);
    await user.click(within(homeCityCard()).getByRole('combobox', { name: 'City' }));
    await user.click(await screen.findByRole('option', { name: 'Lakeside, CA' }));
    expect(update).toHaveProperty('disabled', false);
    await user.click(update);
    expect(await screen.findByText('Home city updated successfully')).toBeTruthy();
    expect(screen.getByText('Success')).toBeTruthy();
    const [call] = api.callsTo('PATCH /api/profile');
    expect(call?.body).toEqual({ home_city_key: 'lakeside-ca' });
    expect(call?.headers.get('X-CSRF-Token')).toBe('csrf-member');
  });

  it('offers Live cities as home cities, keeping an archived current one selectable (issue 25)', async () => {
    const { user } = renderApp({
      path: '/profile',
      api: memberApi({
        'GET /api/cities': () => [...cities, cityAnswer('Oldtown', 'oldtown-ca', { status: 'Archive' }), cityAnswer('Newton', 'newton-ca', { status: 'Archive' })],
        'GET /api/profile': () => profile({ home_city_key: 'oldtown-ca' }),
      }),
    });
    await screen.findByRole('heading', { name: 'Home City' });
    await waitFor(() => expect(within(homeCityCard()).getByRole('combobox', { name: 'City' }).textContent).toContain('Oldtown, CA'));
    await user.click(within(homeCityCard()).getByRole('combobox', { name: 'City' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['Fairview, CA', 'Lakeside, CA', 'Oldtown, CA']);
  });

  it('starts from the current home city and disables the button while saving', async () => {
    let release: () => void = () => {};
    const { user } = renderApp({
      path: '/profile',
      api: memberApi({
        'GET /api/profile': () => profile({ home_city_key: 'fairview-ca' }),
        'PATCH /api/profile': () => new Promise<object>((resolve) => (release = () => resolve(profile({ home_city_key: 'fairview-ca' })))),
      }),
    });
    await screen.findByRole('heading', { name: 'Home City' });
    await waitFor(() => expect(within(homeCityCard()).getByRole('combobox', { name: 'City' }).textContent).toContain('Fairview, CA'));
    await user.click(within(homeCityCard()).getByRole('button', { name: 'Update Home City' }));
    expect(await within(homeCityCard()).findByRole('button', { name: 'Updating...' })).toHaveProperty('disabled', true);
    release();
    expect(await screen.findByText('Home city updated successfully')).toBeTruthy();
  });

  it("says 'Failed to update home city', or 'User not authenticated' when the session ended", async () => {
    let status = 500;
    const { user } = renderApp({
      path: '/profile',
      api: memberApi({
        'GET /api/profile': () => profile({ home_city_key: 'fairview-ca' }),
        'PATCH /api/profile': () => errorResponse(status, status === 401 ? 'UNAUTHENTICATED' : 'INTERNAL', 'nope'),
      }),
    });
    const button = await screen.findByRole('button', { name: 'Update Home City' });
    await waitFor(() => expect(button).toHaveProperty('disabled', false));
    await user.click(button);
    expect(await screen.findByText('Failed to update home city')).toBeTruthy();
    status = 401;
    await user.click(button);
    expect(await screen.findByText('User not authenticated')).toBeTruthy();
  });
});

describe('profile page: delete my account', () => {
  it('asks first; Cancel keeps the account and gives focus back', async () => {
    const { user, api } = renderApp({ path: '/profile', api: memberApi() });
    const open = await screen.findByRole('button', { name: 'Delete my account' });
    await user.click(open);
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(open));
    expect(api.callsTo('DELETE /api/profile')).toHaveLength(0);
  });

  it('deletes the account, forgets the user and goes home signed out', async () => {
    let deleted = false;
    const { user, api, router } = renderApp({
      path: '/profile',
      api: memberApi({
        'GET /api/auth/session': () => (deleted ? visitorSession : memberSession('ana@example.org')),
        'DELETE /api/profile': () => {
          deleted = true;
          return jsonResponse(204);
        },
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Your account has been deleted')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(api.callsTo('DELETE /api/profile')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-member');
    expect(api.callsTo('POST /api/auth/logout')).toHaveLength(0);
  });

  it('keeps the account and says why when the server refuses', async () => {
    const { user, router } = renderApp({
      path: '/profile',
      api: memberApi({ 'DELETE /api/profile': () => errorResponse(500, 'INTERNAL', 'Something went wrong') }),
    });
    await user.click(await screen.findByRole('button', { name: 'Delete my account' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Something went wrong')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/profile');
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
