import { describe, expect, it } from 'vitest';
import { buildTranscriptIndex } from '@domain/quote-verification.js';
import { checkQuote, segmentsForChecking, unverifiedQuotedPassages } from './quote-check.js';

const segments = [
  { start_ms: 0, end_ms: 4000, speaker: 'Mayor Ruiz', text: 'Good evening, and welcome.' },
  { start_ms: 3_723_000, end_ms: 3_730_000, speaker: 'Mayor Ruiz', text: 'We pass this budget tonight, and the parks get their money.' },
];
const index = buildTranscriptIndex(segments);

describe('checking a quote while it is typed', () => {
  it('finds words said word for word and says when (punctuation and case do not matter)', () => {
    expect(checkQuote('we pass this BUDGET tonight', null, index)).toEqual({ kind: 'verified', at: '1:02:03' });
  });

  it('warns that a changed quote not in the transcript will be refused', () => {
    expect(checkQuote('We pass this budget next week', 'We pass this budget tonight', index)).toEqual({ kind: 'not-found' });
  });

  it('keeps an unchanged quote the server will not check again', () => {
    expect(checkQuote('An old paraphrase ', 'An old paraphrase', index)).toEqual({ kind: 'kept' });
  });

  it('says so when there is nothing to check: no words, no transcript yet, none at all, or it failed to load', () => {
    expect(checkQuote('  ', null, index)).toEqual({ kind: 'empty' });
    expect(checkQuote('We pass', null, null)).toEqual({ kind: 'checking' });
    expect(checkQuote('We pass', null, null, true)).toEqual({ kind: 'unavailable' });
    expect(checkQuote('We pass this budget tonight', null, buildTranscriptIndex([]))).toEqual({ kind: 'no-transcript' });
  });
});

describe('quotation marks in the article', () => {
  it('lists new quoted passages the transcript does not hold; old ones and short names are left alone', () => {
    const before = 'The mayor said "an old line we never heard".';
    const after = `${before} She added "we pass this budget tonight" and "we cut the parks budget", at the "Main Hall".`;
    expect(unverifiedQuotedPassages(before, after, index)).toEqual(['we cut the parks budget']);
    expect(unverifiedQuotedPassages(before, after, null)).toEqual([]);
  });
});

describe('the segments a quote is checked against', () => {
  const video = { transcript: 'Mayor: We pass this budget tonight.', transcript_edited_at: null };

  it('are the stored timed segments', () => {
    expect(segmentsForChecking(video, segments)).toBe(segments);
  });

  it('are cut from the text when a person replaced the transcript, as the server does', () => {
    const cut = segmentsForChecking({ ...video, transcript_edited_at: '2026-03-02T10:00:00.000Z' }, segments);
    expect(cut.map((segment) => segment.text).join(' ')).toContain('We pass this budget tonight.');
  });
});
