import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { findAgendaItems } from './agenda.js';
import { findDecisions, mainDecision } from './decisions.js';
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
