import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, memberSession } from '@testing/fake-api.js';
import { cityAnswer } from '@testing/builders.js';
import { renderApp } from '@testing/render.js';

const alder = cityAnswer('Alder', 'alder-ca', { county: 'Alder County', tag_line: 'Small town, big agendas.' });
const birch = cityAnswer('Birch', 'birch-ca', { status: 'Archive' });
const cedar = cityAnswer('Cedar', 'cedar-ca', { status: 'Test' });
const dogwood = cityAnswer('Dogwood', 'dogwood-ca', { status: 'New' });
const profile = { id: 'user-1', username: null, home_city_key: 'alder-ca', preferences: {}, role: 'member' };

describe('the cities page (issue 25)', () => {
  it('lists the cities we follow, then the archived ones, marked, each linking to its page', async () => {
    renderApp({ path: '/cities', api: { 'GET /api/cities': () => [alder, birch] } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Cities' })).toBeTruthy();
    const current = await screen.findByRole('list', { name: 'Cities' });
    const link = within(current).getByRole('link', { name: /Alder, CA/ });
    expect(link.getAttribute('href')).toBe('/city/alder-ca');
    expect(within(link).getByText('Small town, big agendas.')).toBeTruthy();
    expect(within(current).queryByText('Archived')).toBeNull();
    const archived = screen.getByRole('list', { name: 'Archived cities' });
    const birchLink = within(archived).getByRole('link', { name: /Birch, CA/ });
    expect(within(birchLink).getByText('Archived')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Archived' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Cities | Town Crier'));
  });

  it('shows an admin the cities being set up with their status badge', async () => {
    renderApp({ path: '/cities', api: { 'GET /api/auth/session': () => adminSession(), 'GET /api/cities': () => [alder, birch, cedar, dogwood] } });
    const current = await screen.findByRole('list', { name: 'Cities' });
    expect(within(within(current).getByRole('link', { name: /Cedar, CA/ })).getByText('Test')).toBeTruthy();
    expect(within(within(current).getByRole('link', { name: /Dogwood, CA/ })).getByText('New')).toBeTruthy();
    expect(within(within(current).getByRole('link', { name: /Alder, CA/ })).queryByText(/^(Test|New|Archived)$/)).toBeNull();
  });

  it("is the nav's Cities, and a member with a home city stays on it (the redirect is the home page's only)", async () => {
    const { user, router } = renderApp({
      path: '/about',
      api: { 'GET /api/auth/session': () => memberSession(), 'GET /api/profile': () => profile, 'GET /api/cities': () => [alder, birch] },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const cities = within(nav).getByRole('link', { name: 'Cities' });
    expect(cities.getAttribute('href')).toBe('/cities');
    await user.click(cities);
    expect(await screen.findByRole('list', { name: 'Cities' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/cities');
  });
});
