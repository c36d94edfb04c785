import { describe, expect, it } from 'vitest';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { splitSentences } from './sentences.js';

function seg(start: number, text: string, speaker: string | null = null): TranscriptSegment {
  return { start_ms: start, end_ms: start + 900, speaker, text };
}

describe('splitSentences', () => {
  it('joins a sentence cut across caption segments and times it at its first segment', () => {
    const sentences = splitSentences([seg(0, 'We will direct staff to'), seg(1000, 'return by March 15. Thank you.')]);
    expect(sentences.map((s) => [s.text, s.start_ms, s.end_ms])).toEqual([
      ['We will direct staff to return by March 15.', 0, 1900],
      ['Thank you.', 1000, 1900],
    ]);
  });

  it('never lets a sentence span two speakers', () => {
    const sentences = splitSentences([seg(0, 'I move approval', 'Park'), seg(1000, 'Second', 'Gray')]);
    expect(sentences.map((s) => [s.speaker, s.text])).toEqual([
      ['Park', 'I move approval'],
      ['Gray', 'Second'],
    ]);
  });

  it('does not split after titles or lowercase continuations', () => {
    const sentences = splitSentences([seg(0, 'Dr. Smith spoke at 9:30 a.m. on Monday. Then we voted.')]);
    expect(sentences.map((s) => s.text)).toEqual(['Dr. Smith spoke at 9:30 a.m. on Monday.', 'Then we voted.']);
  });

  it('cuts unpunctuated captions at a segment boundary once a sentence is long', () => {
    const words = (n: number, w: string) => Array.from({ length: n }, () => w).join(' ');
    const sentences = splitSentences([seg(0, words(25, 'alpha')), seg(1000, words(20, 'beta')), seg(2000, words(10, 'gamma'))]);
    expect(sentences).toHaveLength(2);
    expect(sentences[1]?.text).toBe(words(10, 'gamma'));
    expect(sentences[1]?.start_ms).toBe(2000);
  });

  it('keeps a name whole across its middle initial, also at a segment end, and still ends "Plan B."', () => {
    const sentences = splitSentences([seg(0, 'I, Indya J. Kincannon, mayor of the City of Knoxville, do proclaim it. We adopted Plan B. The next item.')]);
    expect(sentences.map((s) => s.text)).toEqual(['I, Indya J. Kincannon, mayor of the City of Knoxville, do proclaim it.', 'We adopted Plan B.', 'The next item.']);
    const cut = splitSentences([seg(0, 'Invocation by Councilman George C.'), seg(1000, 'Wallace, who is here.'), seg(2000, 'We need Option A.'), seg(3000, 'Thank you.')]);
    expect(cut.map((s) => s.text)).toEqual(['Invocation by Councilman George C. Wallace, who is here.', 'We need Option A.', 'Thank you.']);
  });
});

describe('captions without punctuation', () => {
  const cue = (i: number, text: string) => ({ start_ms: i * 3000, end_ms: i * 3000 + 2900, speaker: null, text });

  it('end a sentence where the chair states a result and start one at the next call for a vote', () => {
    const texts = splitSentences([
      cue(0, 'the chair seeks suspension of the rules and passage of docket zero six eight eight'),
      cue(1, 'all those in favor say aye opposed nay the ayes have it the docket is passed'),
      cue(2, 'mr clerk please read docket zero six eight nine'),
    ]).map((s) => s.text);
    expect(texts).toEqual([
      'the chair seeks suspension of the rules and passage of docket zero six eight eight',
      'all those in favor say aye opposed nay the ayes have it',
      'the docket is passed',
      'mr clerk please read docket zero six eight nine',
    ]);
  });

  it('leave a punctuated result whole', () => {
    expect(splitSentences([cue(0, 'The ayes have it and so ordered.')]).map((s) => s.text)).toEqual(['The ayes have it and so ordered.']);
  });
});
