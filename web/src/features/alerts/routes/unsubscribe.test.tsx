import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { errorResponse } from '@testing/fake-api.js';
import { renderApp } from '@testing/render.js';

const TOKEN = 'b'.repeat(43);

describe('unsubscribe page (issue 27)', () => {
  it('asks first, changing nothing on opening, and unsubscribes signed out with its button', async () => {
    const { user, api } = renderApp({
      path: `/alerts/unsubscribe/${TOKEN}`,
      api: {
        [`GET /api/alerts/unsubscribe/${TOKEN}`]: () => ({ query: 'footbridge', paused: false }),
        [`POST /api/alerts/unsubscribe/${TOKEN}`]: () => ({ query: 'footbridge', paused: true }),
      },
    });
    await screen.findByText('Stop the emails for your saved search “footbridge”?');
    expect(api.callsTo(`POST /api/alerts/unsubscribe/${TOKEN}`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Unsubscribe' }));
    expect(await screen.findByText('You are unsubscribed: no more emails for the saved search “footbridge”.')).toBeTruthy();
    expect(api.callsTo(`POST /api/alerts/unsubscribe/${TOKEN}`)).toHaveLength(1);
  });

  it('says when the link is not valid', async () => {
    renderApp({
      path: `/alerts/unsubscribe/${TOKEN}`,
      api: { [`GET /api/alerts/unsubscribe/${TOKEN}`]: () => errorResponse(404, 'NOT_FOUND', 'This unsubscribe link is not valid') },
    });
    expect(await screen.findByText('This unsubscribe link is not valid')).toBeTruthy();
  });
});
