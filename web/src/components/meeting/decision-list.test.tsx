import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { AnalysisResults } from '@domain/analysis.js';
import type { Decision } from '@domain/decisions.js';
import { installFakePlayer } from '@testing/fake-player.js';
import { analysisAnswer, meetingAnswer, segmentsAnswer } from '@testing/meeting-builders.js';
import { renderApp } from '@testing/render.js';
import { decisionsInMeetingOrder } from './decision-list.js';

function decision(fields: Partial<Decision> & { said: string; at: number | null }): Decision {
  const { said, at, ...rest } = fields;
  return {
    item: null,
    item_number: null,
    motion: null,
    outcome: 'passed',
    tally: null,
    vote_kind: null,
    mover: null,
    seconder: null,
    evidence: [{ text: said, start_ms: at, verification_status: 'verified' }],
    ...rest,
  };
}

const REZONING = decision({
  item: 'rezoning of 410 Main Street',
  item_number: 'Item 7A',
  motion: 'approve the rezoning as recommended by the planning commission',
  tally: { yes: 5, no: 4, abstain: 1, absent: null },
  vote_kind: 'roll_call',
  mover: 'Councilmember Park',
  seconder: 'Councilmember Diaz',
  said: 'The motion carries five to four, with one abstention.',
  at: 2_730_000,
});
const MINUTES = decision({ item: 'the minutes of May 11', unanimous: true, vote_kind: 'voice', said: 'The minutes are approved unanimously.', at: 95_400 });
const UNTIED = decision({ said: 'That passes.', at: 5_025_600 });
const BUDGET = decision({ item: 'the parks budget', outcome: 'postponed', said: 'We will take up the parks budget next month.', at: null });

let player: ReturnType<typeof installFakePlayer>;
afterEach(() => player?.uninstall());

function openMeeting(analysis: AnalysisResults) {
  player = installFakePlayer();
  return renderApp({
    path: '/meeting/v1',
    api: {
      'GET /api/videos/v1': () => meetingAnswer({ analysis_results: analysis }),
      'GET /api/videos/v1/segments': () => segmentsAnswer(3),
    },
  });
}

async function decisionLines(): Promise<HTMLElement[]> {
  const section = await screen.findByRole('region', { name: 'Decisions' });
  return within(section).getAllByRole('listitem');
}

describe('the Decisions section of the meeting page', () => {
  it('lists each decision in meeting order, in plain words with its outcome, tally and who moved it', async () => {
    // Stored headline-first, as a model might: shown in the order the meeting took them.
    openMeeting(analysisAnswer({ decisions: [UNTIED, REZONING, MINUTES] }));
    const lines = await decisionLines();
    expect(lines.map((line) => line.querySelector('p')?.textContent)).toEqual([
      'The minutes of May 11: passed unanimously',
      'Item 7A, rezoning of 410 Main Street: passed 5-4, 1 abstaining',
      'A vote at 1:23:45: passed',
    ]);
    const rezoning = lines[1]!;
    within(rezoning).getByText('Passed');
    within(rezoning).getByText('approve the rezoning as recommended by the planning commission');
    within(rezoning).getByText('Roll call');
    within(rezoning).getByText('Councilmember Park');
    within(rezoning).getByText('Councilmember Diaz');
    within(lines[0]!).getByText('Voice');
    // Nothing said about who moved the untied vote: no empty labels.
    expect(within(lines[2]!).queryByText(/Moved by/)).toBeNull();
  });

  it('quotes the verbatim evidence, and only verified evidence as a quote', async () => {
    const paraphrased = decision({ item: 'the bike lane pilot', outcome: 'failed', said: 'the bike lanes lost', at: 3_000_000 });
    paraphrased.evidence[0]!.verification_status = 'paraphrased';
    openMeeting(analysisAnswer({ decisions: [REZONING, paraphrased] }));
    const [rezoning, bikes] = await decisionLines();
    expect(within(rezoning!).getByText('“The motion carries five to four, with one abstention.”').tagName).toBe('BLOCKQUOTE');
    within(bikes!).getByText('Failed');
    within(bikes!).getByText('Paraphrased');
    expect(within(bikes!).getByText(/the bike lanes lost/).closest('blockquote')).toBeNull();
  });

  it('plays a line from its second through the page player, as highlights do', async () => {
    const { user } = openMeeting(analysisAnswer({ decisions: [MINUTES, REZONING, UNTIED] }));
    await decisionLines();
    await user.click(screen.getByRole('button', { name: 'Play from 1:23:45: A vote at 1:23:45: passed' }));
    await user.click(screen.getByRole('button', { name: 'Play from 45:30: Item 7A, rezoning of 410 Main Street: passed 5-4, 1 abstaining' }));
    await user.click(screen.getByRole('button', { name: /^Play from 1:35: The minutes of May 11/ }));
    expect(player.seeks).toEqual([5025, 2730, 95]);
  });

  it('offers no play control for a decision from an untimed transcript', async () => {
    openMeeting(analysisAnswer({ decisions: [BUDGET] }));
    const [budget] = await decisionLines();
    within(budget!).getByText('The parks budget: postponed');
    within(budget!).getByText('Postponed');
    within(budget!).getByText('“We will take up the parks budget next month.”');
    expect(within(budget!).queryByRole('button')).toBeNull();
  });

  it('has no section for an analysis written before decisions were recorded', async () => {
    openMeeting(analysisAnswer());
    await screen.findByRole('heading', { name: 'Key Highlights' });
    expect(screen.queryByRole('heading', { name: 'Decisions' })).toBeNull();
  });

  it('says so when the analysis found no decisions, as the other sections do', async () => {
    openMeeting(analysisAnswer({ decisions: [] }));
    const section = await screen.findByRole('region', { name: 'Decisions' });
    within(section).getByText('No votes or other decisions were found in this meeting.');
  });
});

describe('decisionsInMeetingOrder', () => {
  it('sorts by second and keeps an untimed decision after the one stored before it', () => {
    expect(decisionsInMeetingOrder([REZONING, BUDGET, MINUTES])).toEqual([MINUTES, REZONING, BUDGET]);
    expect(decisionsInMeetingOrder([BUDGET, { ...BUDGET, item: 'the library' }])).toEqual([BUDGET, { ...BUDGET, item: 'the library' }]);
  });
});
