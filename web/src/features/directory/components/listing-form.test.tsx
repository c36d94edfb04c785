import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '@/lib/api-client.js';
import { renderWithProviders } from '@testing/render.js';
import { EMPTY_LISTING } from './listing-fields.js';
import { ListingForm } from './listing-form.js';

const saidUnder = (field: HTMLElement) => document.getElementById(field.getAttribute('aria-describedby') ?? '')?.textContent;

function renderForm(onSubmit: () => Promise<void>, onFailure = vi.fn()) {
  const rendered = renderWithProviders(
    <ListingForm
      initial={EMPTY_LISTING}
      top={() => null}
      submitLabel="Add Business"
      pendingLabel="Adding..."
      blankNameMessage="Business name is required"
      onSubmit={onSubmit}
      onFailure={onFailure}
      onCancel={() => {}}
    />,
  );
  return { ...rendered, onFailure };
}

describe('the directory listing form (issue 28: errors under their fields)', () => {
  it('refuses a blank name under the name, in the toast too, and sends nothing', async () => {
    const onSubmit = vi.fn(() => Promise.resolve());
    const { user } = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Business Name' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Add Business' }));
    const name = screen.getByRole('textbox', { name: 'Business Name' });
    expect(saidUnder(name)).toBe('Business name is required');
    expect(document.activeElement).toBe(name);
    await waitFor(() => expect(screen.getAllByText('Business name is required')).toHaveLength(2));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it("shows the server's refusal of the email under the email, and hands any other failure on", async () => {
    const refused = new ApiError(400, 'BAD_INPUT', 'Invalid email address "ana"', [], 'email');
    const onSubmit = vi.fn<() => Promise<void>>().mockRejectedValueOnce(refused).mockRejectedValueOnce(new ApiError(500, 'INTERNAL', 'Something went wrong'));
    const { user, onFailure } = renderForm(onSubmit);
    await user.type(screen.getByRole('textbox', { name: 'Business Name' }), 'Corner Market');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ana');
    await user.click(screen.getByRole('button', { name: 'Add Business' }));
    await waitFor(() => expect(saidUnder(screen.getByRole('textbox', { name: 'Email' }))).toBe('Invalid email address "ana"'));
    expect(onFailure).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Add Business' }));
    await waitFor(() => expect(onFailure).toHaveBeenCalledOnce());
  });
});
