import { act, render, renderHook, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { memberSession } from '@testing/fake-api.js';
import { renderWithProviders } from '@testing/render.js';
import { AUTH_PROVIDER_MISSING, useAuth } from '@/lib/auth-context.js';

function WhoAmI() {
  const { loading, user, isAdmin } = useAuth();
  if (loading) return <p>loading</p>;
  return <p>{user ? `${user.email} ${isAdmin ? 'admin' : 'member'}` : 'visitor'}</p>;
}

describe('AuthProvider and useAuth (spec §4, §8)', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("throws 'useAuth must be used within an AuthProvider' outside the provider", () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => renderHook(() => useAuth())).toThrow(AUTH_PROVIDER_MISSING);
    expect(AUTH_PROVIDER_MISSING).toBe('useAuth must be used within an AuthProvider');
    expect(() => render(<WhoAmI />)).toThrow('useAuth must be used within an AuthProvider');
  });

  it('starts loading, then shows the user of the session answer', async () => {
    renderWithProviders(<WhoAmI />, { api: { 'GET /api/auth/session': () => memberSession('ana@example.org') } });
    expect(screen.getByText('loading')).toBeTruthy();
    expect(await screen.findByText('ana@example.org member')).toBeTruthy();
  });

  it('treats an unreachable server as a visitor rather than loading forever', async () => {
    renderWithProviders(<WhoAmI />, { api: { 'GET /api/auth/session': () => new Response('down', { status: 503 }) } });
    expect(await screen.findByText('visitor')).toBeTruthy();
  });

  it('renews the session on the 30 s tick once 3 ticks or fewer remain before expiry', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const expiresAt = new Date(Date.now() + 150_000).toISOString();
    const { api } = renderWithProviders(<WhoAmI />, {
      api: { 'GET /api/auth/session': () => memberSession('ana@example.org', { expires_at: expiresAt }) },
    });
    await screen.findByText('ana@example.org member');
    const asked = () => api.callsTo('GET /api/auth/session').length;
    expect(asked()).toBe(1);
    // 150 s left: after one tick 120 s remain (4 ticks), no renewal; after two, 90 s (3 ticks): renew.
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(asked()).toBe(1);
    await act(() => vi.advanceTimersByTimeAsync(30_000));
    expect(asked()).toBe(2);
  });
});
