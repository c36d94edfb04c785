import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminSession, jsonResponse, memberSession, visitorSession } from '@testing/fake-api.js';
import { renderWithProviders } from '@testing/render.js';
import { TopBar } from './top-bar.js';

const menuItems = () => within(screen.getByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);

describe('top bar: the menu per role (spec §2 shared chrome)', () => {
  it('offers a visitor Sign In and no account menu', async () => {
    renderWithProviders(<TopBar cityKey={undefined} />, { api: { 'GET /api/auth/session': () => visitorSession } });
    expect(await screen.findByRole('link', { name: 'Sign In' })).toHaveProperty('pathname', '/auth');
    expect(screen.queryByRole('button', { name: /account menu/i })).toBeNull();
  });

  it("gives a member the avatar with the email's first two letters, and Profile and Sign Out", async () => {
    const { user } = renderWithProviders(<TopBar cityKey={undefined} />, {
      api: { 'GET /api/auth/session': () => memberSession('ana@example.org') },
    });
    const avatar = await screen.findByRole('button', { name: 'Account menu for ana@example.org' });
    expect(avatar.textContent).toBe('AN');
    expect(screen.queryByRole('link', { name: 'Sign In' })).toBeNull();
    await user.click(avatar);
    expect(menuItems()).toEqual(['Profile', 'Sign Out']);
  });

  it('adds Admin Panel and Story Playground for an admin', async () => {
    const { user } = renderWithProviders(<TopBar cityKey={undefined} />, { api: { 'GET /api/auth/session': () => adminSession() } });
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    expect(menuItems()).toEqual(['Profile', 'Admin Panel', 'Story Playground', 'Sign Out']);
    expect(screen.getByRole('menuitem', { name: 'Admin Panel' })).toHaveProperty('pathname', '/admin');
    expect(screen.getByRole('menuitem', { name: 'Story Playground' })).toHaveProperty('pathname', '/admin/story-playground');
  });

  it('opens from the keyboard and closes with Escape, returning focus to the avatar', async () => {
    const { user } = renderWithProviders(<TopBar cityKey={undefined} />, { api: { 'GET /api/auth/session': () => memberSession() } });
    const avatar = await screen.findByRole('button', { name: /account menu/i });
    avatar.focus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('menu')).toBeTruthy();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
    expect(document.activeElement).toBe(avatar);
  });

  it('signs out with the CSRF token, becomes a visitor and goes home', async () => {
    let signedIn = true;
    const { user, api, router } = renderWithProviders(<TopBar cityKey="fairview-ca" />, {
      path: '/profile',
      api: {
        'GET /api/auth/session': () => (signedIn ? memberSession() : visitorSession),
        'POST /api/auth/logout': () => {
          signedIn = false;
          return jsonResponse(204);
        },
      },
    });
    await user.click(await screen.findByRole('button', { name: /account menu/i }));
    await user.click(screen.getByRole('menuitem', { name: 'Sign Out' }));
    expect(await screen.findByRole('link', { name: 'Sign In' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/logout')[0]?.headers.get('X-CSRF-Token')).toBe('csrf-member');
    expect(router.state.location.pathname).toBe('/');
  });

  it('links the logo to the city being read, else home', async () => {
    const first = renderWithProviders(<TopBar cityKey="fairview-ca" />);
    expect((await screen.findAllByRole('link'))[0]).toHaveProperty('pathname', '/city/fairview-ca');
    first.unmount();
    renderWithProviders(<TopBar cityKey={undefined} />);
    expect((await screen.findAllByRole('link'))[0]).toHaveProperty('pathname', '/');
  });
});
