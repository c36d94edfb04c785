import { describe, expect, it } from 'vitest';
import { decisionSchema, describeDecision, formatTally, type Decision } from './decisions.js';
import { verifyAnalysis, verifyDecisions } from './quote-verification.js';
import type { TranscriptSegment } from './transcript.js';

const segments: TranscriptSegment[] = [
  { start_ms: 30_000, end_ms: 35_000, speaker: 'Council Member Park', text: 'I move that we approve the contract with Delgado Construction as presented.' },
  { start_ms: 50_000, end_ms: 55_000, speaker: 'Mayor Ortiz', text: 'The motion passes 4-1.' },
];

function decision(evidence: string[], fields: Partial<Decision> = {}): Decision {
  return {
    item: 'contract with Delgado Construction',
    item_number: null,
    motion: 'approve the contract with Delgado Construction as presented',
    outcome: 'passed',
    tally: { yes: 4, no: 1, abstain: null, absent: null },
    vote_kind: null,
    mover: 'Council Member Park',
    seconder: null,
    evidence: evidence.map((text) => ({ text, start_ms: null })),
    ...fields,
  };
}

describe('decisionSchema', () => {
  it('refuses a decision with no evidence or an outcome outside the list', () => {
    expect(decisionSchema.safeParse(decision([])).success).toBe(false);
    expect(decisionSchema.safeParse({ ...decision(['The motion passes 4-1.']), outcome: 'approved' }).success).toBe(false);
    expect(decisionSchema.safeParse(decision(['The motion passes 4-1.'])).success).toBe(true);
  });
});

describe('verifyDecisions', () => {
  it('grounds each evidence sentence at its second and drops a decision the transcript does not hold', () => {
    const kept = verifyDecisions([decision(['The motion passes 4-1.']), decision(['The motion fails 2-3.'])], segments);
    expect(kept).toHaveLength(1);
    expect(kept[0]?.evidence).toEqual([{ text: 'The motion passes 4-1.', start_ms: 50_000, verification_status: 'verified' }]);
  });

  it('keeps a decision on its grounded evidence and removes the invented sentence', () => {
    const [kept] = verifyDecisions([decision(['Council approved it with great enthusiasm.', 'The motion passes 4-1.'])], segments);
    expect(kept?.evidence.map((e) => e.text)).toEqual(['The motion passes 4-1.']);
  });

  it('runs as part of verifyAnalysis, leaving an analysis without decisions as it was', () => {
    const analysis = { summary: '', highlights: [], action_items: [], entities: [] };
    expect(verifyAnalysis(analysis, segments)).toEqual(analysis);
    expect(verifyAnalysis({ ...analysis, decisions: [decision(['Nothing like this was said at all.'])] }, segments).decisions).toEqual([]);
  });
});

describe('describeDecision', () => {
  it('names the item and number when tied, else the moment of the vote', () => {
    expect(describeDecision(decision(['x'], { item_number: 'Item 7A' }), '0:50')).toBe('Item 7A, contract with Delgado Construction: passed 4-1');
    expect(describeDecision(decision(['x'], { item: null, tally: null, unanimous: true }), '1:23:45')).toBe('A vote at 1:23:45: passed unanimously');
    expect(describeDecision(decision(['x'], { item: null, outcome: 'unclear', tally: null }), null)).toBe('A vote: result not clear');
  });

  it('formats abstentions and absences only when said', () => {
    expect(formatTally({ yes: 5, no: 2, abstain: 1, absent: null })).toBe('5-2, 1 abstaining');
    expect(formatTally(null)).toBeNull();
  });
});
