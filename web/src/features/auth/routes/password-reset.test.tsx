import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, memberSession, visitorSession, type FakeHandler } from '@testing/fake-api.js';
import { renderApp, typeInto } from '@testing/render.js';

const INVALID = 'The password reset link is invalid or has expired';
const token = 'tok_abcdefghijklmnopqrstuvwxyz';

function resetServer(extra: Record<string, FakeHandler> = {}) {
  return {
    'GET /api/auth/session': () => visitorSession,
    'GET /api/cities': () => [],
    'POST /api/auth/recover': () => jsonResponse(202, { sent: true }),
    'POST /api/auth/reset': () => ({ reset: true }),
    ...extra,
  };
}

describe('auth page: forgot your password', () => {
  it('is offered only when signing in with a password', async () => {
    const { user } = renderApp({ path: '/auth', api: resetServer() });
    expect(await screen.findByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Use an email code instead' }));
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Use a password instead' }));
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(screen.queryByRole('button', { name: 'Forgot your password?' })).toBeNull();
  });

  it('asks for the address (prefilled), sends it, and says to check the email without telling whether it has an account', async () => {
    const { user, api } = renderApp({ path: '/auth', api: resetServer() });
    await typeInto(user, await screen.findByLabelText('Email'), 'ana@example.org');
    await user.click(screen.getByRole('button', { name: 'Forgot your password?' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ana@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toContain(
      'If an account uses this address, we sent it a link to set a new password. It works once, for an hour.',
    );
    const [call] = api.callsTo('POST /api/auth/recover');
    expect(call?.body).toEqual({ email: 'ana@example.org' });
    expect(call?.headers.get('X-CSRF-Token')).toBe('csrf-visitor');
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByLabelText('Email')).toHaveProperty('value', 'ana@example.org');
  });

  it('requires an address, shows a refusal (rate limit) and can go back', async () => {
    const { user, api } = renderApp({
      path: '/auth',
      api: resetServer({ 'POST /api/auth/recover': () => errorResponse(429, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.') }),
    });
    await user.click(await screen.findByRole('button', { name: 'Forgot your password?' }));
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/auth/recover')).toHaveLength(0);
    await typeInto(user, screen.getByLabelText('Email'), 'ana@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Reset Link' }));
    expect(await screen.findByText('Too many attempts. Please wait a few minutes and try again.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });
});

describe('auth page: the reset link (/auth?reset=)', () => {
  it('takes the token out of the address at once, sets the password with it and asks to sign in', async () => {
    const { user, api, router } = renderApp({ path: `/auth?reset=${token}`, api: resetServer() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(api.callsTo('POST /api/auth/reset')).toHaveLength(0);
    const field = screen.getByLabelText('New password');
    expect(field.getAttribute('autocomplete')).toBe('new-password');
    expect(screen.getByText(/At least 8 characters; not a common password or your email address/)).toBeTruthy();
    await typeInto(user, field, 'a quiet harbour in winter');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/reset').map((call) => call.body)).toEqual([{ token, password: 'a quiet harbour in winter' }]);
    const notice = screen.getByRole('status');
    expect(within(notice).getByText('Your password is changed. Sign in with your new password.')).toBeTruthy();
    // Said twice: by the toast and by the notice that stays above the card.
    await waitFor(() => expect(screen.getAllByText('Your password is changed. Sign in with your new password.')).toHaveLength(2));
  });

  it('keeps the form for a weak password and shows why', async () => {
    const weak = 'Password is too weak: it must not be a commonly used password.';
    const { user, api } = renderApp({ path: `/auth?reset=${token}`, api: resetServer({ 'POST /api/auth/reset': () => errorResponse(400, 'BAD_INPUT', weak) }) });
    await user.click(await screen.findByRole('button', { name: 'Set New Password' }));
    expect(screen.getByRole('alert').textContent).toBe('Please enter a new password.');
    expect(api.callsTo('POST /api/auth/reset')).toHaveLength(0);
    await typeInto(user, screen.getByLabelText('New password'), 'password1');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    await waitFor(() => expect(screen.getByLabelText('New password').getAttribute('aria-invalid')).toBe('true'));
    expect(within(screen.getByRole('alert')).getByText(weak)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Set a new password' })).toBeTruthy();
  });

  it('explains a used or expired link, how to get a new one, and shows the sign-in card', async () => {
    const { user } = renderApp({ path: `/auth?reset=${token}`, api: resetServer({ 'POST /api/auth/reset': () => errorResponse(400, 'BAD_INPUT', INVALID) }) });
    await typeInto(user, await screen.findByLabelText('New password'), 'a quiet harbour in winter');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This password reset link did not work')).toBeTruthy();
    expect(within(alert).getByText(`${INVALID}.`)).toBeTruthy();
    expect(within(alert).getByText(/Get a new one with “Forgot your password\?” below/)).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Forgot your password?' })).toBeTruthy();
  });

  it('does not send an empty token', async () => {
    const { api } = renderApp({ path: '/auth?reset=', api: resetServer() });
    expect(await screen.findByText('This password reset link did not work')).toBeTruthy();
    expect(screen.queryByLabelText('New password')).toBeNull();
    expect(api.callsTo('POST /api/auth/reset')).toHaveLength(0);
  });

  it('opens for a signed-in member too, and the sign-out the reset caused is learnt', async () => {
    let signedIn = true;
    const { user, router } = renderApp({
      path: `/auth?reset=${token}`,
      api: resetServer({
        'GET /api/auth/session': () => (signedIn ? memberSession() : visitorSession),
        'POST /api/auth/reset': () => ((signedIn = false), { reset: true }),
      }),
    });
    await typeInto(user, await screen.findByLabelText('New password'), 'a quiet harbour in winter');
    await user.click(screen.getByRole('button', { name: 'Set New Password' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });
});
