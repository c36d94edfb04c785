import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SUBMISSION_LIMITS } from '@domain/submissions.js';
import { errorResponse, jsonResponse } from '@testing/fake-api.js';
import { renderApp, typeInto } from '@testing/render.js';

type User = ReturnType<typeof renderApp>['user'];

/** What the page says under a field: the paragraphs its aria-describedby names. */
const saidUnder = (field: HTMLElement) =>
  (field.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');

async function chooseTopic(user: User, topic: string) {
  await user.click(screen.getByRole('combobox', { name: /Topic/ }));
  await user.click(await screen.findByRole('option', { name: topic }));
}

async function fill(user: User, { phone = '' } = {}) {
  await typeInto(user, await screen.findByLabelText(/^Email/), 'ana@example.org');
  if (phone) await user.type(screen.getByLabelText(/^Phone/), phone);
  await chooseTopic(user, 'Media Inquiry');
  await typeInto(user, screen.getByLabelText(/^Message/), 'Hello there');
}

describe('contact page (spec §2 screen 4, §5, §8)', () => {
  it('offers the six topics of spec §5', async () => {
    const { user } = renderApp({ path: '/contact' });
    await user.click(await screen.findByRole('combobox', { name: /Topic/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'General Inquiry', 'Technical Support', 'Business Partnership', 'Media Inquiry', 'Feedback', 'Other',
    ]);
  });

  it("stops each field at the limit the server takes (core/domain's SUBMISSION_LIMITS)", async () => {
    renderApp({ path: '/contact' });
    const maxLength = (label: RegExp) => Number(screen.getByLabelText(label).getAttribute('maxlength'));
    await screen.findByLabelText(/^Email/);
    expect([maxLength(/^Email/), maxLength(/^Phone/), maxLength(/^Message/)]).toEqual([
      SUBMISSION_LIMITS.email,
      SUBMISSION_LIMITS.phone,
      SUBMISSION_LIMITS.message,
    ]);
  });

  it('refuses to send without email, topic and message, marking the missing fields', async () => {
    const { user, api } = renderApp({ path: '/contact' });
    await typeInto(user, await screen.findByLabelText(/^Email/), 'ana@example.org');
    await typeInto(user, screen.getByLabelText(/^Message/), '   ');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    // Under each missing field, and (spec §8) in the toast.
    await waitFor(() => expect(screen.getAllByText('Please fill in all required fields.')).toHaveLength(3));
    expect(saidUnder(screen.getByLabelText(/^Message/))).toBe('Please fill in all required fields.');
    expect(api.callsTo('POST /api/contact')).toHaveLength(0);
    expect(screen.getByRole('combobox', { name: /Topic/ }).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Message/).getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByLabelText(/^Email/).getAttribute('aria-invalid')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('combobox', { name: /Topic/ }));
  });

  it('sends without a phone (as null), thanks the sender and clears the form', async () => {
    const { user, api } = renderApp({ path: '/contact', api: { 'POST /api/contact': () => jsonResponse(201, { id: 'm1' }) } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Success!')).toBeTruthy();
    expect(screen.getByText("Your message has been sent successfully. We'll get back to you soon.")).toBeTruthy();
    expect(api.callsTo('POST /api/contact')[0]?.body).toEqual({ email: 'ana@example.org', phone: null, topic: 'Media Inquiry', message: 'Hello there' });
    await waitFor(() => expect(screen.getByLabelText(/^Message/)).toHaveProperty('value', ''));
    expect(screen.getByLabelText(/^Email/)).toHaveProperty('value', '');
  });

  it('sends the phone when given', async () => {
    const { user, api } = renderApp({ path: '/contact', api: { 'POST /api/contact': () => jsonResponse(201, { id: 'm1' }) } });
    await fill(user, { phone: '555-0100' });
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await screen.findByText('Success!');
    expect(api.callsTo('POST /api/contact')[0]?.body).toMatchObject({ phone: '555-0100' });
  });

  it('says under the email field that an address is not one, before and after sending', async () => {
    const refusal = { error: { code: 'BAD_INPUT', message: 'Please enter a valid email address.', field: 'email' } };
    const { user, api } = renderApp({ path: '/contact', api: { 'POST /api/contact': () => jsonResponse(400, refusal) } });
    await fill(user);
    const email = screen.getByLabelText(/^Email/);
    await user.clear(email);
    await user.type(email, 'ana');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(saidUnder(email)).toBe('Please enter a valid email address.'));
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/contact')).toHaveLength(0);

    // Fixed as typed; then the server's own refusal of the address shows in the same place.
    await user.type(email, '@example.org');
    expect(email.getAttribute('aria-invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(saidUnder(email)).toBe('Please enter a valid email address.'));
    expect(api.callsTo('POST /api/contact')).toHaveLength(1);
    expect(document.activeElement).toBe(email);
  });

  it('says so when sending fails, and keeps the message', async () => {
    const { user } = renderApp({ path: '/contact', api: { 'POST /api/contact': () => errorResponse(503, 'INTERNAL', 'down') } });
    await fill(user);
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    expect(await screen.findByText('Failed to send your message. Please try again.')).toBeTruthy();
    expect(screen.getByLabelText(/^Message/)).toHaveProperty('value', 'Hello there');
  });
});
