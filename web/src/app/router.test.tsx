import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { memberSession } from '@testing/fake-api.js';
import { renderApp } from '@testing/render.js';
import { paths } from '../lib/paths.js';

const city = {
  id: 'c1', name: 'Fairview', state: 'CA', county: 'Marin', location_key: 'fairview-ca', description: null, tag_line: null,
  image_url: null, domain: null, primary_color: '#3B82F6', secondary_color: '#1E40AF', icon: null, status: 'Live',
};

describe('router and chrome (spec §2)', () => {
  it("shows 'Oops! Page not found' with a link home for an unknown path", async () => {
    renderApp({ path: '/no/such/page' });
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveProperty('pathname', '/');
  });

  it.each([
    ['/search', 'Search Results'],
    // The fake server knows no video abc: the meeting pages say so.
    ['/city/fairview-ca/meeting/abc', 'Video Not Found'],
    ['/story/abc', 'Video Not Found'],
    // A visitor reaches the admin screen's guard (spec §6).
    ['/admin/city-management', 'Access Denied'],
  ])('knows %s', async (path, heading) => {
    renderApp({ path });
    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeTruthy();
  });

  it('has the footer links and the copyright line on every page', async () => {
    renderApp({ path: '/search' });
    const footer = await screen.findByRole('contentinfo');
    const links = [...footer.querySelectorAll('a')].map((link) => [link.textContent, link.getAttribute('href')]);
    expect(links).toEqual([['Home', '/'], ['About', '/about'], ['Contact', '/contact'], ['Privacy Policy', '/privacy'], ['Developers', '/developers']]);
    expect(footer.textContent).toContain(`© ${new Date().getFullYear()} Town Crier`);
  });

  it('shows visitors no navigation bar', async () => {
    renderApp({ path: '/search' });
    await screen.findByRole('link', { name: 'Sign In' });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('shows members the navigation bar with the current city on city pages', async () => {
    renderApp({
      path: paths.citySearch.href('fairview-ca'),
      api: { 'GET /api/auth/session': () => memberSession(), 'GET /api/cities/fairview-ca': () => city },
    });
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    expect(await screen.findByRole('link', { name: 'Fairview' })).toHaveProperty('pathname', '/city/fairview-ca');
    expect(nav.querySelector('[aria-current="page"]')?.textContent).toBe('Search Meetings');
  });

  it('shows members no navigation bar on the home page', async () => {
    renderApp({
      path: '/',
      api: { 'GET /api/auth/session': () => memberSession(), 'GET /api/profile': () => ({ id: 'user-1', username: null, home_city_key: null, preferences: {}, role: 'member' }), 'GET /api/cities': () => [city] },
    });
    await screen.findByRole('button', { name: /account menu/i });
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });
});
