import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse, jsonResponse, memberSession, visitorSession, type FakeHandler } from '@testing/fake-api.js';
import { cityAnswer, profileAnswer } from '@testing/builders.js';
import { renderApp, typeInto } from '@testing/render.js';

const cities = [cityAnswer('Fairview', 'fairview-ca'), cityAnswer('Lakeside', 'lakeside-ca')];
const signedInUser = { id: 'user-1', email: 'ana@example.org', email_confirmed_at: '2026-01-01T00:00:00.000Z' };

/** A fake server whose session turns into a member's once a sign-in call succeeds. */
function authServer(extra: Record<string, FakeHandler> = {}) {
  let signedIn = false;
  const signIn = () => {
    signedIn = true;
    return { user: signedInUser, csrfToken: 'csrf-new' };
  };
  return {
    'GET /api/auth/session': () => (signedIn ? memberSession() : visitorSession),
    'GET /api/cities': () => cities,
    'GET /api/profile': () => profileAnswer(),
    'POST /api/auth/login': signIn,
    'POST /api/auth/otp': () => jsonResponse(202, { sent: true }),
    'POST /api/auth/otp/verify': signIn,
    ...extra,
  };
}

const emailField = () => screen.getByLabelText('Email');

describe('auth page: redirects (spec §2 screen 5)', () => {
  it('sends a signed-in user to the home page', async () => {
    const { router } = renderApp({ path: '/auth', api: { ...authServer(), 'GET /api/auth/session': () => memberSession() } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});

describe('auth page: password (spec §5, §8)', () => {
  it('signs in, says welcome back, renews the session and goes home', async () => {
    const { user, api, router } = renderApp({ path: '/auth', api: authServer() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    await typeInto(user, emailField(), ' ana@example.org ');
    await typeInto(user, screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Welcome back!')).toBeTruthy();
    expect(screen.getByText('You have successfully signed in.')).toBeTruthy();
    const [call] = api.callsTo('POST /api/auth/login');
    expect(call?.body).toEqual({ email: 'ana@example.org', password: 'correct horse battery' });
    expect(call?.headers.get('X-CSRF-Token')).toBe('csrf-visitor');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('GET /api/auth/session').length).toBeGreaterThanOrEqual(2);
  });

  it("shows the server's message under 'Error' and stays", async () => {
    const { user, router } = renderApp({
      path: '/auth',
      api: authServer({ 'POST /api/auth/login': () => errorResponse(401, 'UNAUTHENTICATED', 'Invalid login credentials') }),
    });
    await typeInto(user, await screen.findByLabelText('Email'), 'ana@example.org');
    await typeInto(user, screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Invalid login credentials')).toBeTruthy();
    expect(screen.getByText('Error')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('requires the email and the password before asking the server', async () => {
    const { user, api } = renderApp({ path: '/auth', api: authServer() });
    await typeInto(user, await screen.findByLabelText('Email'), 'ana@example.org');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    // Under the password field, and (spec §8) in the toast.
    await waitFor(() => expect(screen.getAllByText('You must provide either an email or phone number and a password')).toHaveLength(2));
    const password = screen.getByLabelText('Password');
    expect(password.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(password.getAttribute('aria-describedby') ?? '')?.textContent).toBe('You must provide either an email or phone number and a password');
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Password'));
    expect(api.callsTo('POST /api/auth/login')).toHaveLength(0);
  });

  it('signs up with a home city and asks to check the email', async () => {
    const { user, api } = renderApp({
      path: '/auth',
      api: authServer({ 'POST /api/auth/signup': () => ({ user: null, needsConfirmation: true }) }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
    await typeInto(user, emailField(), 'new@example.org');
    await typeInto(user, screen.getByLabelText('Password'), 'a long new password');
    await user.click(screen.getByRole('combobox', { name: /Home city/ }));
    await user.click(await screen.findByRole('option', { name: 'Lakeside, CA' }));
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Please check your email to confirm your account.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Check your email' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/signup')[0]?.body).toEqual({
      email: 'new@example.org',
      password: 'a long new password',
      homeCityKey: 'lakeside-ca',
    });
    await user.click(screen.getByRole('button', { name: 'Back to Sign In' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(emailField()).toHaveProperty('value', 'new@example.org');
    expect(screen.getByLabelText('Password')).toHaveProperty('value', '');
  });

  it('leaves the home city out when none is chosen, and shows a weak-password refusal', async () => {
    const { user, api } = renderApp({
      path: '/auth',
      api: authServer({
        'POST /api/auth/signup': () =>
          errorResponse(400, 'BAD_INPUT', 'Password is too weak: it must be at least 8 characters long.'),
      }),
    });
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    await typeInto(user, emailField(), 'new@example.org');
    await typeInto(user, screen.getByLabelText('Password'), 'short');
    await user.click(screen.getByRole('button', { name: 'Sign Up' }));
    expect(await screen.findByText('Password is too weak: it must be at least 8 characters long.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/signup')[0]?.body).toEqual({ email: 'new@example.org', password: 'short' });
    expect(screen.getByRole('heading', { level: 1, name: 'Create Account' })).toBeTruthy();
  });
});

describe('auth page: email code (spec §4, §5, §8)', () => {
  async function requestCode(user: ReturnType<typeof renderApp>['user']) {
    await user.click(await screen.findByRole('button', { name: 'Use an email code instead' }));
    expect(screen.queryByLabelText('Password')).toBeNull();
    await typeInto(user, emailField(), 'ana@example.org');
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    return screen.findByLabelText('Verification code');
  }

  it("asks for the email address first ('Please enter your email address')", async () => {
    const { user, api } = renderApp({ path: '/auth', api: authServer() });
    await user.click(await screen.findByRole('button', { name: 'Use an email code instead' }));
    await user.click(screen.getByRole('button', { name: 'Send Code' }));
    expect(await screen.findByText('Please enter your email address')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/otp')).toHaveLength(0);
  });

  it('keeps Verify disabled until exactly 6 digits, and says so for anything but digits', async () => {
    const { user, api } = renderApp({ path: '/auth', api: authServer() });
    const input = await requestCode(user);
    expect(await screen.findByText('OTP Sent!')).toBeTruthy();
    expect(screen.getByText('Please check your email for the verification code.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/otp')[0]?.body).toEqual({ email: 'ana@example.org', mode: 'login' });
    const verify = screen.getByRole('button', { name: 'Verify Code' });
    expect(verify).toHaveProperty('disabled', true);
    await user.type(input, '12345');
    expect(verify).toHaveProperty('disabled', true);
    expect(screen.queryByText('Please enter a valid 6-digit code')).toBeNull();
    // Digits only (issue 25): a letter is left out, and the person is told why.
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await user.type(input, 'x');
    expect(input).toHaveProperty('value', '12345');
    expect(verify).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('Please enter a valid 6-digit code. The code is digits only: letters and symbols are left out.');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await user.clear(input);
    // A pasted code with words and spaces around it keeps its digits, and says so.
    await user.paste('Code: 654-321');
    expect(input).toHaveProperty('value', '654321');
    expect(screen.getByRole('alert')).toBeTruthy();
    await user.clear(input);
    await user.type(input, '123 456');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input).toHaveProperty('value', '123456');
    expect(verify).toHaveProperty('disabled', false);
    await user.keyboard('{Enter}');
    expect(api.callsTo('POST /api/auth/otp/verify')[0]?.body).toEqual({ email: 'ana@example.org', token: '123456' });
  });

  it('verifies the code, says so and goes home', async () => {
    const { user, router } = renderApp({ path: '/auth', api: authServer() });
    await typeInto(user, await requestCode(user), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('You have successfully signed in.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows a refused code and lets the user try again', async () => {
    const { user, router } = renderApp({
      path: '/auth',
      api: authServer({ 'POST /api/auth/otp/verify': () => errorResponse(401, 'UNAUTHENTICATED', 'Token has expired or is invalid') }),
    });
    await typeInto(user, await requestCode(user), '000000');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    expect(await screen.findByText('Token has expired or is invalid')).toBeTruthy();
    expect(screen.getByLabelText('Verification code')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it("'Resend Code' mails a new code; 'Back' returns to the method step with the email kept", async () => {
    const { user, api } = renderApp({ path: '/auth', api: authServer() });
    const input = await requestCode(user);
    await typeInto(user, input, '111');
    await user.click(screen.getByRole('button', { name: 'Resend Code' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/otp')).toHaveLength(2));
    await waitFor(() => expect(screen.getByLabelText('Verification code')).toHaveProperty('value', ''));
    await user.click(screen.getByRole('button', { name: 'Back' }));
    expect(screen.queryByLabelText('Verification code')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send Code' })).toBeTruthy();
    expect(emailField()).toHaveProperty('value', 'ana@example.org');
    expect(document.activeElement).toBe(emailField());
  });

  it('signs up by code in signup mode with the chosen home city', async () => {
    const { user, api } = renderApp({ path: '/auth', api: authServer() });
    await user.click(await screen.findByRole('button', { name: 'Sign up' }));
    await user.click(screen.getByRole('combobox', { name: /Home city/ }));
    await user.click(await screen.findByRole('option', { name: 'Fairview, CA' }));
    const input = await requestCode(user);
    expect(api.callsTo('POST /api/auth/otp')[0]?.body).toEqual({ email: 'ana@example.org', mode: 'signup' });
    await typeInto(user, input, '222222');
    await user.click(screen.getByRole('button', { name: 'Verify Code' }));
    await waitFor(() =>
      expect(api.callsTo('POST /api/auth/otp/verify')[0]?.body).toEqual({
        email: 'ana@example.org',
        token: '222222',
        homeCityKey: 'fairview-ca',
      }),
    );
  });
});

describe('auth page: the confirmation link (/auth?confirm=)', () => {
  const token = 'tok_abcdefghijklmnopqrstuvwxyz';

  it('confirms by POST once, says so, signs nobody in and clears the link from the address', async () => {
    const { api, router } = renderApp({
      path: `/auth?confirm=${token}`,
      api: authServer({ 'POST /api/auth/confirm': () => ({ confirmed: true }) }),
    });
    const notice = await screen.findByRole('heading', { name: 'Your email is confirmed' });
    expect(notice).toBeTruthy();
    expect(await screen.findByText('Your email address is confirmed. Please sign in.')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/confirm').map((call) => call.body)).toEqual([{ token }]);
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Sign In' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('explains an invalid or expired link', async () => {
    renderApp({
      path: `/auth?confirm=${token}`,
      api: authServer({
        'POST /api/auth/confirm': () => errorResponse(400, 'BAD_INPUT', 'The confirmation link is invalid or has expired'),
      }),
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('This confirmation link did not work')).toBeTruthy();
    expect(within(alert).getByText('The confirmation link is invalid or has expired.')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign In' })).toBeTruthy();
  });

  it('confirms a link opened while signed in, then sends the user home', async () => {
    const { api, router } = renderApp({
      path: `/auth?confirm=${token}`,
      api: authServer({ 'GET /api/auth/session': () => memberSession(), 'POST /api/auth/confirm': () => ({ confirmed: true }) }),
    });
    expect(await screen.findByText('Your email address is confirmed. Please sign in.')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('POST /api/auth/confirm')).toHaveLength(1);
  });

  it('does not send an empty token', async () => {
    const { api } = renderApp({ path: '/auth?confirm=', api: authServer() });
    expect(await screen.findByText('This confirmation link did not work')).toBeTruthy();
    expect(api.callsTo('POST /api/auth/confirm')).toHaveLength(0);
  });
});
