import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Decision } from '@domain/decisions.js';
import { adminSession } from '@testing/fake-api.js';
import { newsroomViewAnswer, revisionAnswer } from '@testing/newsroom-builders.js';
import { renderWithProviders, typeInto } from '@testing/render.js';
import { newsroomKey } from '../api/newsroom.js';
import { DecisionsEditor } from './decisions-editor.js';
import { StoryHistory } from './story-history.js';

const ID = '2a7c9e41-5b3d-4f6a-8c1e-9d0b2f4a6c83';
const PATCH = `PATCH /api/admin/videos/${ID}/decisions/1`;

const decision = (overrides: Partial<Decision>): Decision => ({
  item: 'the consent calendar',
  item_number: null,
  motion: null,
  outcome: 'passed',
  tally: { yes: 5, no: 0, abstain: null, absent: null },
  vote_kind: 'voice',
  mover: null,
  seconder: null,
  evidence: [{ text: 'The consent calendar is approved.', start_ms: 60_000 }],
  ...overrides,
});
const DECISIONS = [
  decision({}),
  decision({ item: 'water rates', item_number: 'Resolution 2026-09', tally: { yes: 3, no: 2, abstain: null, absent: null }, vote_kind: 'roll_call', evidence: [{ text: 'It passes.', start_ms: 1_750_000 }] }),
];

function renderDecisions() {
  return renderWithProviders(<DecisionsEditor videoId={ID} decisions={DECISIONS} />, {
    api: {
      'GET /api/auth/session': () => adminSession(),
      [`GET /api/admin/videos/${ID}/story`]: () => newsroomViewAnswer(ID, { version: 'version-7' }),
      [PATCH]: () => newsroomViewAnswer(ID, { version: 'version-8' }),
    },
  });
}

describe('the decisions editor', () => {
  it('lists each decision in plain words with an Edit button', async () => {
    renderDecisions();
    const lines = screen.getAllByRole('listitem');
    expect(lines.map((line) => line.querySelector('p')?.textContent)).toEqual(['the consent calendar: passed 5-0', 'Resolution 2026-09, water rates: passed 3-2']);
    within(lines[1]!).getByText('Said at 29:10');
    within(lines[1]!).getByText('Roll call');
    screen.getByRole('button', { name: 'Edit decision 2' });
  });

  it("changes a decision's outcome and count with a correction note, at its position, with the version read", async () => {
    const { user, api, queryClient } = renderDecisions();
    // The version arrives with the newsroom's view.
    await waitFor(() => expect(queryClient.getQueryData(newsroomKey(ID))).toBeDefined());
    await user.click(screen.getByRole('button', { name: 'Edit decision 2' }));
    const form = screen.getByRole('form', { name: 'Edit decision 2' });
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Outcome' }), 'Failed');
    const yes = within(form).getByLabelText('Yes');
    await user.clear(yes);
    await typeInto(user, yes, '2');
    const no = within(form).getByLabelText('No');
    await user.clear(no);
    await typeInto(user, no, '3');
    await typeInto(user, within(form).getByLabelText('Correction note'), 'The resolution failed 2-3.');
    await user.click(within(form).getByRole('button', { name: 'Save decision' }));

    await screen.findByText('Decision saved');
    expect(api.callsTo(PATCH)[0]?.body).toEqual({
      version: 'version-7',
      item: 'water rates',
      item_number: 'Resolution 2026-09',
      outcome: 'failed',
      tally: { yes: 2, no: 3, abstain: null, absent: null },
      vote_kind: 'roll_call',
      correction_note: 'The resolution failed 2-3.',
    });
    expect(screen.queryByRole('form', { name: 'Edit decision 2' })).toBeNull();
  });

  it('asks for a count it can send before anything goes to the server, and sends no count when unchecked', async () => {
    const { user, api } = renderDecisions();
    await user.click(screen.getByRole('button', { name: 'Edit decision 1' }));
    const form = screen.getByRole('form', { name: 'Edit decision 1' });
    await user.clear(within(form).getByLabelText('Yes'));
    await user.click(within(form).getByRole('button', { name: 'Save decision' }));
    // Under the Yes count, which has the focus.
    const yes = within(form).getByLabelText('Yes');
    expect(document.getElementById(yes.getAttribute('aria-describedby') ?? '')?.textContent).toBe('Give the number of yes votes, or choose no count.');
    expect(yes.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(yes);
    await user.click(within(form).getByLabelText('The meeting gave a count'));
    expect(within(form).queryByLabelText('Yes')).toBeNull();
    await user.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(`PATCH /api/admin/videos/${ID}/decisions/0`)).toHaveLength(0);
  });
});

describe('the history', () => {
  it('says who changed what and when, with the correction notes readers see', () => {
    renderWithProviders(
      <StoryHistory
        revisions={[
          revisionAnswer({ id: 'r2', target: 'decisions', changed: ['decisions[1].outcome'], correction_note: 'The resolution failed.' }),
          revisionAnswer({ id: 'r1', action: 'generated', author: null, changed: [] }),
        ]}
      />,
    );
    const [edit, written] = screen.getAllByRole('listitem');
    within(edit!).getByText('Edited: decisions');
    within(edit!).getByText(/ed@example\.org/);
    within(edit!).getByText('Changed: decision 2 outcome');
    within(edit!).getByText('Correction note: “The resolution failed.”');
    within(written!).getByText('First version: published story');
    within(written!).getByText(/written by the machine$/);
  });
});
