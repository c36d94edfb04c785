import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { Tooltip, TooltipProvider } from './tooltip.js';

describe('Tooltip: no app-wide provider needed', () => {
  it('shows a lone tooltip on keyboard focus with its own provider', async () => {
    const user = userEvent.setup();
    render(
      <Tooltip content="Copy the link">
        <button type="button">Share</button>
      </Tooltip>,
    );
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Copy the link');
  });

  it('shares one provider between neighbours in a TooltipProvider', async () => {
    const user = userEvent.setup();
    render(
      <TooltipProvider>
        <Tooltip content="First hint">
          <button type="button">One</button>
        </Tooltip>
        <Tooltip content="Second hint">
          <button type="button">Two</button>
        </Tooltip>
      </TooltipProvider>,
    );
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('First hint');
    await user.tab();
    expect((await screen.findByRole('tooltip')).textContent).toBe('Second hint');
  });
});
