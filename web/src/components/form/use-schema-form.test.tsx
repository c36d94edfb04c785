import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { contactBodySchema, INVALID_EMAIL_MESSAGE, REQUIRED_FIELDS_MESSAGE, type ContactSubmission } from '@domain/submissions.js';
import { ApiError } from '@/lib/api-client.js';
import { TextAreaField, TextField } from './text-fields.js';
import { useSchemaForm, type SubmitOptions } from './use-schema-form.js';

type Send = (body: ContactSubmission) => unknown;

/** The contact schema's rules in a form of three fields, as a page would use the hook. */
function ContactLike({ send, options }: { send: Send; options?: SubmitOptions<'email' | 'phone' | 'topic' | 'message'> }) {
  const form = useSchemaForm(contactBodySchema, { email: '', phone: '', topic: 'Feedback', message: '' });
  return (
    <form onSubmit={form.handleSubmit(send, options)} noValidate>
      <TextField field={form.field('email')} label="Email" required />
      <TextField field={form.field('phone')} label="Phone" />
      <TextAreaField field={form.field('message')} label="Message" required />
      <button type="submit" disabled={form.pending}>
        Send
      </button>
    </form>
  );
}

const box = (name: string) => screen.getByRole('textbox', { name });
const errorUnder = (label: string) => {
  const input = box(label);
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent).join(' ');
};

describe('useSchemaForm: one core/domain schema, errors under their fields', () => {
  it('shows every broken rule under its field on submit, focuses the first, and sends nothing', async () => {
    const user = userEvent.setup();
    const send = vi.fn();
    const onInvalid = vi.fn();
    render(<ContactLike send={send} options={{ onInvalid }} />);
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(send).not.toHaveBeenCalled();
    expect(box('Email').getAttribute('aria-invalid')).toBe('true');
    expect(errorUnder('Email')).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(errorUnder('Message')).toBe(REQUIRED_FIELDS_MESSAGE);
    expect(box('Phone').getAttribute('aria-invalid')).toBeNull();
    expect(box('Phone').getAttribute('aria-describedby')).toBeNull();
    expect(document.activeElement).toBe(box('Email'));
    expect(onInvalid).toHaveBeenCalledWith({ email: REQUIRED_FIELDS_MESSAGE, message: REQUIRED_FIELDS_MESSAGE });
  });

  it('checks a field again as it is edited once it shows an error, and no other field', async () => {
    const user = userEvent.setup();
    render(<ContactLike send={vi.fn()} />);
    await user.type(box('Message'), 'x');
    await user.clear(box('Message'));
    expect(errorUnder('Message')).toBe('');

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await user.type(box('Email'), 'ana');
    expect(errorUnder('Email')).toBe(INVALID_EMAIL_MESSAGE);
    await user.type(box('Email'), '@example.org');
    expect(errorUnder('Email')).toBe('');
    expect(box('Email').getAttribute('aria-invalid')).toBeNull();
    expect(errorUnder('Message')).toBe(REQUIRED_FIELDS_MESSAGE);
  });

  it("hands over the schema's output, and disables the submit while the promise runs", async () => {
    const user = userEvent.setup();
    let finish = () => {};
    const send = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    render(<ContactLike send={send} />);
    await user.type(box('Email'), ' ana@example.org ');
    await user.type(box('Message'), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    expect(send).toHaveBeenCalledWith({ email: 'ana@example.org', phone: null, topic: 'Feedback', message: 'Thanks!' }, expect.anything());
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', true);
    finish();
    await vi.waitFor(() => expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false));
  });

  it("shows a 400 that names a field under it, and hands any other failure to onError", async () => {
    const user = userEvent.setup();
    const onError = vi.fn();
    const send = vi
      .fn<Send>()
      .mockRejectedValueOnce(new ApiError(400, 'BAD_INPUT', 'That address cannot receive mail.', [], 'email'))
      .mockRejectedValueOnce(new ApiError(400, 'BAD_INPUT', 'Nope', [], 'not_a_field'))
      .mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    render(<ContactLike send={send} options={{ onError }} />);
    await user.type(box('Email'), 'ana@example.org');
    await user.type(box('Message'), 'Thanks!');
    await user.click(screen.getByRole('button', { name: 'Send' }));

    await vi.waitFor(() => expect(errorUnder('Email')).toBe('That address cannot receive mail.'));
    expect(document.activeElement).toBe(box('Email'));
    expect(onError).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(2));
    expect(onError).toHaveBeenLastCalledWith(expect.objectContaining({ status: 500 }));
  });
});
