import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { findAgendaItems } from './agenda.js';
import { mainDecision } from './decision-weight.js';
import { findDecisions } from './decisions.js';
import { splitSentences } from './sentences.js';
import { speakerMap } from './speakers.js';

const lines: Array<[string, string]> = [
  ['Mayor Ann Lee', 'Next is the consent calendar. We have the minutes and the warrant register.'],
  ['Councilmember Bo Diaz', 'I move approval of the consent calendar as presented.'],
  ['Mayor Ann Lee', 'All in favor? The consent calendar passes five to zero.'],
  ['Mayor Ann Lee', 'Item 5 is a public hearing on the Elm Street paving contract.'],
  ['Resident Cy Park', 'Please fix Elm Street before winter, the potholes are dangerous.'],
  ['Councilmember Bo Diaz', 'I move that we award the Elm Street paving contract to Ace Paving in the amount of $410,000.'],
  ['Councilmember Eve Fox', 'Second.'],
  ['Mayor Ann Lee', "It's been moved and seconded. Please call the roll."],
  ['City Clerk Jo Kim', 'Councilmember Diaz.'],
  ['Councilmember Bo Diaz', 'Aye.'],
  ['City Clerk Jo Kim', 'Councilmember Fox.'],
  ['Councilmember Eve Fox', 'No.'],
  ['City Clerk Jo Kim', 'Mayor Lee.'],
  ['Mayor Ann Lee', 'Aye.'],
  ['City Clerk Jo Kim', 'The motion passes two to one, with Councilmember Fox voting no.'],
];
const segments: TranscriptSegment[] = lines.map(([speaker, text], i) => ({ start_ms: i * 10_000, end_ms: i * 10_000 + 9_000, speaker, text }));

describe('findDecisions', () => {
  const sentences = splitSentences(segments);
  const speakers = speakerMap(sentences.map((s) => s.speaker));
  const items = findAgendaItems(sentences);
  const decisions = findDecisions(sentences, items, speakers);

  it('pairs each vote with its motion across a roll call, and reads who voted which way', () => {
    expect(decisions.map((d) => [d.action, d.vote?.tally])).toEqual([
      ['approve the consent calendar as presented', '5-0'],
      ['award the Elm Street paving contract to Ace Paving in the amount of $410,000', '2-1'],
    ]);
    const contract = decisions[1]!;
    expect(contract.mover).toBe('Councilmember Bo Diaz');
    expect(contract.against).toEqual(['Councilmember Eve Fox']);
    expect(contract.favor).toEqual(['Councilmember Bo Diaz', 'Mayor Ann Lee']);
    expect(contract.item?.hearing).toBe(true);
  });

  it('ranks the contract above the consent calendar', () => {
    expect(decisions[0]?.procedural).toBe(true);
    expect(decisions[1]!.weight).toBeGreaterThan(decisions[0]!.weight);
    expect(mainDecision(decisions)).toBe(decisions[1]);
  });
});

describe('the subject of each decision under one agenda item', () => {
  // After fixtures/demo/transcripts/fvCC2026a02.json (19:30-20:20): one public hearing, two
  // motions, two votes. The second vote was on the direction to staff, not on the water rates.
  const hearing: Array<[string, string]> = [
    ['Mayor Elena Ruiz', 'Item 6 is a public hearing on proposed water rate adjustments for the next three fiscal years.'],
    ['Councilmember Dana Ortiz', 'I move that we adopt Resolution 2026-09, establishing water rates for fiscal years 2026-27 through 2028-29.'],
    ['Mayor Elena Ruiz', 'The motion carries three to two, with Councilmembers Natarajan and Whitcomb voting no.'],
    ['Councilmember Priya Natarajan', 'I move that we direct staff to return with options for a customer assistance program funded by non-rate revenue.'],
    ['Mayor Elena Ruiz', 'That motion passes unanimously, five to zero.'],
    ['Mayor Elena Ruiz', 'Item 7 is the second reading of the bill we introduced last month.'],
    ['Councilmember Dana Ortiz', 'I move the bill pass.'],
    ['Mayor Elena Ruiz', 'The motion passes five to zero.'],
  ];
  const timed = hearing.map(([speaker, text], i) => ({ start_ms: i * 10_000, end_ms: i * 10_000 + 9_000, speaker, text }));
  const sentences = splitSentences(timed);
  const found = findDecisions(sentences, findAgendaItems(sentences), speakerMap(sentences.map((s) => s.speaker)));

  it('names each vote by its own motion when the motion says what it does, else by the item read', () => {
    expect(found.map((d) => [d.vote?.tally, d.subject])).toEqual([
      ['3-2', expect.stringMatching(/^adopt Resolution 2026-09/)],
      ['5-0', expect.stringMatching(/^direct staff to return with options for a customer assistance program/)],
      ['5-0', expect.stringMatching(/second reading/i)],
    ]);
  });
});
