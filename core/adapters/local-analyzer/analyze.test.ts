import { beforeAll, describe, expect, it } from 'vitest';
import { analysisResultsSchema, type AnalysisResults } from '../../domain/analysis.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { AppError } from '../../errors.js';
import { normalizeForMatch, verifyAnalysis } from '../../domain/quote-verification.js';
import { analyzeTranscript } from './analyze.js';
import { BRIEFING_FILE, COMMITTEE_FILE, loadRealTranscript } from '../../testing/real-transcripts.js';
import { fairviewSegments, FAIRVIEW_TITLE } from '../../testing/synthetic-meeting.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

const ENTITY_TYPES = ['person', 'organization', 'place', 'date', 'money'];
const now = new Date('2026-03-05T12:00:00Z');

function checkRealAnalysis(segments: TranscriptSegment[], analysis: AnalysisResults) {
  const first = segments[0]!.start_ms;
  const last = segments[segments.length - 1]!.end_ms;
  const inRange = (ms: number | null | undefined) => ms != null && ms >= first && ms <= last;

  expect(analysisResultsSchema.safeParse(analysis).success).toBe(true);
  expect(analysis.generator).toEqual({ kind: 'local', model: 'local-extractive-v1', generated_at: now.toISOString() });

  const verified = verifyAnalysis(analysis, segments);
  expect(verified.highlights.length).toBeGreaterThanOrEqual(4);
  expect(verified.highlights.length).toBeLessThanOrEqual(8);
  for (const highlight of verified.highlights) {
    expect(inRange(highlight.start_ms)).toBe(true);
    expect(highlight.point_of_interest.length).toBeGreaterThan(10);
    expect(highlight.quotes.length).toBeGreaterThanOrEqual(1);
    expect(highlight.quotes.length).toBeLessThanOrEqual(2);
    for (const quote of highlight.quotes) {
      expect(quote.verification_status, quote.text).toBe('verified');
      expect(inRange(quote.start_ms)).toBe(true);
      expect(quote.speaker).toBe('Unidentified speaker');
    }
  }
  const starts = verified.highlights.map((h) => h.start_ms ?? 0);
  expect(starts).toEqual([...starts].sort((a, b) => a - b));

  const transcript = normalizeForMatch(segments.map((s) => s.text).join(' '));
  // The summary says first what was decided (in our words, from the decisions), then what was
  // discussed: those sentences are the meeting's own.
  const discussed = analysis.summary.replace(/^Decided: [\s\S]*?(?=Discussed: |$)/, '').replace(/^Discussed: /, '');
  const summarySentences = discussed.split(/(?<=[.!?])\s+(?=[A-Z])/);
  expect(summarySentences.length).toBeGreaterThanOrEqual(3);
  for (const sentence of summarySentences) expect(transcript.includes(normalizeForMatch(sentence)), sentence).toBe(true);

  for (const item of analysis.action_items) {
    expect(inRange(item.start_ms)).toBe(true);
    expect(item.description.length).toBeGreaterThan(5);
    expect(item.responsible_party.length).toBeGreaterThan(2);
  }
  expect(analysis.entities.length).toBeGreaterThan(5);
  expect(analysis.entities.length).toBeLessThanOrEqual(25);
  for (const entity of analysis.entities) {
    expect(ENTITY_TYPES).toContain(entity.type);
    expect(entity.name.length).toBeGreaterThan(2);
    expect(entity.context.toLowerCase()).toContain(entity.name.toLowerCase().split(' ')[0]);
  }
  const names = analysis.entities.map((e) => e.name.toLowerCase());
  expect(new Set(names).size).toBe(names.length);
}

describe.skipIf(!REAL)('analyzeTranscript on a real 73-minute committee meeting (sentence timestamps)', () => {
  let segments: TranscriptSegment[];
  let analysis: AnalysisResults;
  beforeAll(() => {
    segments = loadRealTranscript(COMMITTEE_FILE);
    analysis = analyzeTranscript({ segments, title: 'Civil Rights, Utilities, Economic Development & Arts Committee 6/25/19', now });
  });

  it('produces a valid, fully grounded analysis', () => {
    expect(segments).toHaveLength(377);
    checkRealAnalysis(segments, analysis);
  });

  it('finds the motion to amend the appointment and real names', () => {
    const motion = analysis.action_items.find((item) => /amend appointment 1376/.test(item.description));
    expect(motion?.responsible_party).toBe('Civil Rights, Utilities, Economic Development & Arts Committee');
    // "their reappointment will move on to full Council on Monday", said on Tuesday June 25, 2019.
    expect(analysis.action_items.some((item) => item.due_date === '2019-07-01')).toBe(true);
    const byType = (type: string) => analysis.entities.filter((e) => e.type === type).map((e) => e.name);
    expect(byType('person')).toContain('Erika Pablo');
    expect(byType('date')).toContain('April 30 2021');
    expect(byType('place')).toContain('Seattle');
  });
});

describe.skipIf(!REAL)('analyzeTranscript on a real 28-minute council briefing (word timestamps)', () => {
  it('produces a valid, fully grounded analysis', () => {
    const segments = loadRealTranscript(BRIEFING_FILE);
    const analysis = analyzeTranscript({ segments, title: 'Council Briefing 7/15/19', now });
    checkRealAnalysis(segments, analysis);
    expect(analysis.action_items.some((item) => /annual action plan/.test(item.description))).toBe(true);
    expect(analysis.entities.some((e) => e.type === 'money' && e.name === '$2,000')).toBe(true);
  });
});

describe('analyzeTranscript on a meeting with a clear motion, vote and direction', () => {
  const analysis = analyzeTranscript({ segments: fairviewSegments, title: FAIRVIEW_TITLE, now });

  it('records the vote with its motion and the staff direction with its due date', () => {
    const vote = analysis.action_items.find((item) => item.description.includes('passed 4-1'));
    expect(vote?.description).toBe('Motion to approve the contract with Delgado Construction for the Elm Street bridge passed 4-1.');
    expect(vote?.responsible_party).toBe('Fairview City Council');
    const direction = analysis.action_items.find((item) => item.due_date === '2026-03-15');
    expect(direction?.description).toMatch(/^Direct staff to return with a proposal/);
    expect(direction?.responsible_party).toMatch(/staff/i);
    expect(direction?.deadline).toBe('2026-03-15');
  });

  it('keeps speakers on quotes and finds money and dates', () => {
    const verified = verifyAnalysis(analysis, fairviewSegments);
    const quotes = verified.highlights.flatMap((h) => h.quotes);
    expect(quotes.every((q) => q.verification_status === 'verified')).toBe(true);
    expect(quotes.some((q) => q.speaker === 'Council Member Park')).toBe(true);
    expect(analysis.entities).toContainEqual(expect.objectContaining({ name: '$1,250,000', type: 'money' }));
    expect(analysis.entities).toContainEqual(expect.objectContaining({ name: 'April 14, 2026', type: 'date' }));
  });

  it('skips procedural filler in the summary', () => {
    expect(analysis.summary).not.toMatch(/Can everyone hear me|Thank you/);
  });
});

describe('analyzeTranscript input errors', () => {
  it('rejects an empty transcript with a clear error', () => {
    expect(() => analyzeTranscript({ segments: [] })).toThrowError('Transcript is empty');
    expect(() => analyzeTranscript({ segments: [{ start_ms: 0, end_ms: 1, speaker: null, text: '  ' }] })).toThrowError(AppError);
  });
});
