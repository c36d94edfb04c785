import { describe, expect, it } from 'vitest';
import type { AnalysisResults } from './analysis.js';
import type { NewsStory } from './news-story.js';
import type { TranscriptSegment } from './transcript.js';
import {
  buildTranscriptIndex,
  matchQuote,
  normalizeForMatch,
  tokenizeForMatch,
  verifyAnalysis,
  verifyStory,
} from './quote-verification.js';

function segment(startSeconds: number, text: string, speaker: string | null = null): TranscriptSegment {
  return { start_ms: startSeconds * 1000, end_ms: startSeconds * 1000 + 5000, speaker, text };
}

const segments: TranscriptSegment[] = [
  segment(0, 'Good evening, everyone. Can you hear me?', 'Mayor Ortiz'),
  segment(10, 'We’re here tonight to talk about the Elm Street'),
  segment(15, 'bridge replacement, which will cost $1,250,000 over two years.'),
  segment(30, 'I move that we approve the contract with Delgado Construction as presented.', 'Council Member Park'),
  segment(45, 'Thank you.'),
  segment(50, 'The motion passes 4-1.', 'Mayor Ortiz'),
  segment(60, 'Thank you.'),
];
const index = buildTranscriptIndex(segments);

describe('tokenizeForMatch', () => {
  it('folds case, accents, apostrophes and punctuation; keeps numbers as tokens', () => {
    expect(tokenizeForMatch('Café: We’re  at $1,250,000 — 4-1!')).toEqual(['cafe', 'were', 'at', '1250000', '4', '1']);
    expect(normalizeForMatch("WE'RE here.")).toBe(normalizeForMatch('we’re HERE'));
  });
});

describe('matchQuote', () => {
  it('verifies an exact quote and returns its segment start', () => {
    const match = matchQuote('I move that we approve the contract with Delgado Construction as presented.', index);
    expect(match).toEqual({ status: 'verified', start_ms: 30_000, score: 1 });
  });

  it('verifies a quote spanning two segments, timed at the first', () => {
    const match = matchQuote('talk about the Elm Street bridge replacement', index);
    expect(match.status).toBe('verified');
    expect(match.start_ms).toBe(10_000);
  });

  it('ignores punctuation, case and curly apostrophes', () => {
    const match = matchQuote('"we\'re HERE tonight -- to talk about the elm street..."', index);
    expect(match.status).toBe('verified');
    expect(match.start_ms).toBe(10_000);
  });

  it('marks a close paraphrase as paraphrased, with the window start', () => {
    const match = matchQuote('I move we approve the contract with Delgado Construction as it was presented', index);
    expect(match.status).toBe('paraphrased');
    expect(match.start_ms).toBe(30_000);
    expect(match.score).toBeGreaterThanOrEqual(0.75);
    expect(match.score).toBeLessThan(1);
  });

  // The threshold is a promise to readers: a "quote" three words in ten away from what was said
  // is not the speaker's words. A lower threshold (0.6 would still pass the cases above) must fail here.
  it('keeps the paraphrase line at 0.75: seven words in ten in order is not a paraphrase, eight is', () => {
    const words = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel', 'india', 'juliet'];
    const said = buildTranscriptIndex([segment(100, words.join(' '))]);
    const swapped = (at: number[]) => words.map((word, i) => (at.includes(i) ? `x${word}` : word)).join(' ');
    const threeOff = matchQuote(swapped([1, 3, 5]), said);
    expect(threeOff.score).toBeCloseTo(0.7, 2);
    expect(threeOff.status).toBe('unverified');
    expect(threeOff.start_ms).toBeNull();
    const twoOff = matchQuote(swapped([2, 5]), said);
    expect(twoOff.score).toBeCloseTo(0.8, 2);
    expect(twoOff).toMatchObject({ status: 'paraphrased', start_ms: 100_000 });
  });

  it('leaves an invented quote unverified with no timestamp', () => {
    const match = matchQuote('This bridge is a waste of taxpayer money and I will never support it', index);
    expect(match.status).toBe('unverified');
    expect(match.start_ms).toBeNull();
    expect(match.score).toBeLessThan(0.75);
  });

  it('does not verify one or two common words even though they occur', () => {
    expect(matchQuote('Thank you', index).status).toBe('unverified');
    expect(matchQuote('you', index)).toEqual({ status: 'unverified', start_ms: null, score: 1 });
    expect(matchQuote('the motion passes', index).status).toBe('verified');
  });

  it('returns unverified for an empty quote or an empty transcript', () => {
    expect(matchQuote('  ...  ', index).status).toBe('unverified');
    const empty = buildTranscriptIndex([]);
    expect(matchQuote('I move that we approve the contract', empty)).toEqual({ status: 'unverified', start_ms: null, score: 0 });
  });

  it('picks the occurrence nearest the hint when a passage repeats', () => {
    const repeated = buildTranscriptIndex([
      segment(0, 'Is there a second to the motion?'),
      segment(600, 'Okay.'),
      segment(1200, 'Is there a second to the motion?'),
    ]);
    expect(matchQuote('Is there a second to the motion', repeated).start_ms).toBe(0);
    expect(matchQuote('Is there a second to the motion', repeated, { nearMs: 1_100_000 }).start_ms).toBe(1_200_000);
  });
});

describe('verifyAnalysis', () => {
  const analysis: AnalysisResults = {
    summary: 'The council approved the bridge contract.',
    highlights: [
      {
        timestamp: '0:30',
        point_of_interest: 'Motion on the bridge contract',
        quotes: [
          { text: 'I move that we approve the contract with Delgado Construction', speaker: 'Council Member Park' },
          { text: 'Nobody said this sentence at the meeting at all', speaker: 'Mayor Ortiz' },
        ],
      },
      {
        timestamp: 'soon',
        point_of_interest: 'Cost',
        quotes: [{ text: 'which will cost 1,250,000 dollars over two years', speaker: 'Unidentified speaker' }],
      },
    ],
    action_items: [],
    entities: [],
  };

  it('sets status and start_ms on every quote, keeps unverified ones and fills highlight start_ms', () => {
    const result = verifyAnalysis(analysis, segments);
    const [first, second] = result.highlights;
    expect(first?.quotes.map((q) => q.verification_status)).toEqual(['verified', 'unverified']);
    expect(first?.quotes.map((q) => q.start_ms)).toEqual([30_000, null]);
    expect(first?.start_ms).toBe(30_000);
    expect(second?.quotes[0]?.verification_status).toBe('paraphrased');
    expect(second?.start_ms).toBe(15_000);
    expect(analysis.highlights[0]?.quotes[0]?.verification_status).toBeUndefined();
  });

  it('accepts a prebuilt index and keeps an existing highlight start_ms', () => {
    const withStart = { ...analysis, highlights: [{ ...analysis.highlights[0]!, start_ms: 29_000 }] };
    expect(verifyAnalysis(withStart, index).highlights[0]?.start_ms).toBe(29_000);
  });

  it('marks everything unverified against an empty transcript', () => {
    const result = verifyAnalysis(analysis, []);
    const statuses = result.highlights.flatMap((h) => h.quotes.map((q) => q.verification_status));
    expect(statuses).toEqual(['unverified', 'unverified', 'unverified']);
    expect(result.highlights[0]?.start_ms).toBeNull();
  });
});

describe('verifyStory', () => {
  const story: NewsStory = {
    article: { headline: 'Council approves bridge contract', body: 'Body.', word_count: 1, primary_focus: 'Bridge' },
    sidebar_elements: {
      quote_block: { quote: 'The motion passes 4-1.', attribution: 'Mayor Ortiz', context: 'Final vote' },
      quick_facts: [],
      background: '',
    },
    metadata: { sources_used: [], next_meeting_date: null, follow_up_needed: false, uncertainty_notes: [] },
    notes: '',
  };

  it('grounds the sidebar quote', () => {
    const block = verifyStory(story, segments).sidebar_elements.quote_block;
    expect(block?.verification_status).toBe('verified');
    expect(block?.start_ms).toBe(50_000);
  });

  it('leaves a story without a quote block alone', () => {
    const bare = { ...story, sidebar_elements: { ...story.sidebar_elements, quote_block: null } };
    expect(verifyStory(bare, segments)).toEqual(bare);
  });
});

describe('performance', () => {
  it('indexes a 30,000-word transcript and matches dozens of quotes without a quadratic scan', () => {
    const words = ['budget', 'council', 'parks', 'housing', 'motion', 'the', 'a', 'we', 'staff', 'report', 'city', 'plan'];
    const big: TranscriptSegment[] = [];
    let seed = 7;
    for (let s = 0; s < 2000; s++) {
      const text = Array.from({ length: 15 }, () => {
        seed = (seed * 1103515245 + 12345) % 2147483648;
        return words[seed % words.length];
      }).join(' ');
      big.push(segment(s * 5, text));
    }
    const bigIndex = buildTranscriptIndex(big);
    expect(bigIndex.tokens.length).toBe(30_000);
    const quotes = big.slice(100, 160).map((s) => s.text);
    const results = quotes.map((q) => matchQuote(q, bigIndex));
    expect(results.every((r) => r.status === 'verified')).toBe(true);
    const invented = matchQuote('zoning variance for the downtown library expansion project was denied', bigIndex);
    expect(invented.status).toBe('unverified');
  });
});
