import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { analysisResultsSchema } from '../../domain/analysis.js';
import { DECISION_OUTCOMES, VOTE_KINDS } from '../../domain/decisions.js';
import { newsStorySchema } from '../../domain/news-story.js';
import type { TranscriptSegment } from '../../domain/transcript.js';
import { verifyAnalysis } from '../../domain/quote-verification.js';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai.js';
import { COMMITTEE_FILE, loadRealTranscript } from '../../testing/real-transcripts.js';
import { analyzerFor, harness, MEETING } from '../../testing/openai-harness.js';
import { realFixtures } from '../../testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'test-key' });
});
afterAll(() => fake.close());
beforeEach(() => fake.reset());

const NOW = new Date('2025-06-20T12:00:00Z');

/** The parts of the request's JSON schema the tests read. */
interface JsonSchema {
  properties: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  enum?: string[];
  anyOf?: JsonSchema[];
}

function allQuotes(analysis: { highlights: Array<{ quotes: Array<{ text: string }> }> }): string[] {
  return analysis.highlights.flatMap((h) => h.quotes.map((q) => q.text));
}

describe('openai analyzer: happy path', () => {
  it('analyses a short meeting in one structured call and returns a valid, grounded analysis', async () => {
    const h = harness();
    const analyzer = analyzerFor(fake, h, { now: () => NOW });
    const analysis = await analyzer.analyze({ segments: MEETING, title: 'City Council, June 17', publishedAt: '2025-06-18T00:00:00Z' }, { onCall: h.onCall });

    expect(analysisResultsSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.generator).toEqual({ kind: 'openai', model: 'gpt-4o-mini', generated_at: NOW.toISOString() });
    expect(analysis.highlights.length).toBeGreaterThan(0);
    for (const highlight of analysis.highlights) {
      expect(MEETING.map((s) => s.start_ms)).toContain(highlight.start_ms);
      expect(highlight.timestamp).toMatch(/^\d+:\d{2}$/);
    }
    const verified = verifyAnalysis(analysis, MEETING);
    expect(verified.highlights.flatMap((h) => h.quotes).every((q) => q.verification_status === 'verified')).toBe(true);

    // One request, in the structured-output shape OpenAI expects.
    expect(fake.requests).toHaveLength(1);
    const body = fake.requests[0]!.body as { model: string; messages: Array<{ role: string; content: string }>; response_format: { type: string; json_schema: { name: string; strict: boolean } } };
    expect(body.model).toBe('gpt-4o-mini');
    expect(body.response_format.type).toBe('json_schema');
    expect(body.response_format.json_schema).toMatchObject({ name: 'meeting_analysis', strict: true });
    expect(body.messages[0]!.content).toMatch(/VERBATIM/);
    expect(body.messages[1]!.content).toContain('[0:01:31] Director Chen: The engineering report estimates the repairs at $2.4 million over two years.');
    expect(body.messages[1]!.content).toContain('Video published: 2025-06-18T00:00:00Z');
    expect(fake.requests[0]!.authorization).toBe('Bearer test-key');

    expect(h.calls).toHaveLength(1);
    const call = h.calls[0]!;
    expect(call).toMatchObject({ model: 'gpt-4o-mini', purpose: 'analysis', ok: true });
    expect(call.tokensIn).toBeGreaterThan(500);
    expect(call.tokensOut).toBeGreaterThan(10);
    expect(call.costUsd).toBeCloseTo((call.tokensIn * 0.15 + call.tokensOut * 0.6) / 1e6, 10);
    expect(call.latencyMs).toBeGreaterThanOrEqual(0);
  });

  it('asks for decisions in the prompt and the schema, and returns the stated result with its evidence', async () => {
    const analysis = await analyzerFor(fake, harness()).analyze({ segments: MEETING });

    const body = fake.requests[0]!.body as unknown as { messages: Array<{ content: string }>; response_format: { json_schema: { schema: JsonSchema } } };
    expect(body.messages[0]!.content).toMatch(/- decisions: one per result this body reached and stated in this meeting/);
    expect(body.messages[0]!.content).toMatch(/Precision before recall/);
    const schema = body.response_format.json_schema.schema;
    expect(schema.required).toContain('decisions');
    const decision = schema.properties.decisions!.items!;
    expect(decision.properties.outcome!.enum).toEqual([...DECISION_OUTCOMES]);
    expect(decision.properties.vote_kind!.anyOf?.[0]!.enum).toEqual([...VOTE_KINDS]);
    expect(decision.required).toEqual(expect.arrayContaining(['item', 'item_number', 'motion', 'tally', 'mover', 'seconder', 'evidence']));
    expect(decision.properties.evidence!.items!.required).toEqual(['text', 'timestamp']);

    // The fake answers as a careful model would: the one result said, a count only because one was said.
    const passes = MEETING[7]!;
    expect(analysis.decisions).toEqual([
      {
        item: null,
        item_number: null,
        motion: null,
        outcome: 'passed',
        tally: { yes: 5, no: 0, abstain: null, absent: null },
        vote_kind: null,
        mover: null,
        seconder: null,
        evidence: [{ text: 'The motion passes five to zero.', start_ms: passes.start_ms }],
      },
    ]);
    expect(verifyAnalysis(analysis, MEETING).decisions![0]!.evidence[0]).toMatchObject({ verification_status: 'verified', start_ms: passes.start_ms });
  });

  it('maps every field of a decision the model states in full', async () => {
    const answer = {
      summary: 'The council approved the bridge repair contract.',
      highlights: [],
      action_items: [],
      entities: [],
      decisions: [
        {
          item: 'Oak Street bridge repair contract',
          item_number: 'Item 1',
          motion: 'approve the bridge repair contract with the one lane condition',
          outcome: 'passed',
          tally: { yes: 5, no: 0, abstain: null, absent: null },
          vote_kind: 'voice',
          unanimous: true,
          mover: 'Councilmember Park',
          seconder: 'Councilmember Diaz',
          evidence: [
            { text: 'I move to approve the bridge repair contract with the one lane condition.', timestamp: '0:03:46' },
            { text: 'The motion passes five to zero.', timestamp: '0:05:16' },
          ],
        },
      ],
    };
    fake.script({ kind: 'reply', content: answer });
    const analysis = await analyzerFor(fake, harness()).analyze({ segments: MEETING });
    expect(analysisResultsSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.decisions).toEqual([
      {
        ...answer.decisions[0]!,
        outcome: 'passed',
        vote_kind: 'voice',
        unanimous: true,
        evidence: [
          { text: 'I move to approve the bridge repair contract with the one lane condition.', start_ms: MEETING[5]!.start_ms },
          { text: 'The motion passes five to zero.', start_ms: MEETING[7]!.start_ms },
        ],
      },
    ]);
  });

  it('writes a valid story that quotes only the analysis quotes', async () => {
    const h = harness();
    const analyzer = analyzerFor(fake, h, { now: () => NOW });
    const analysis = await analyzer.analyze({ segments: MEETING });
    const story = await analyzer.writeStory(
      { analysis, segments: MEETING, title: 'City Council', cityName: 'Springfield', publishedAt: '2025-06-18T00:00:00Z', additionalContext: 'Bridge closed since May.' },
      { onCall: h.onCall },
    );

    expect(newsStorySchema.parse(story)).toEqual(story);
    expect(story.generator).toEqual({ kind: 'openai', model: 'gpt-4o-mini', generated_at: NOW.toISOString() });
    expect(allQuotes(analysis)).toContain(story.sidebar_elements.quote_block?.quote);
    expect(story.article.word_count).toBe(story.article.body.split(/\s+/).filter(Boolean).length);
    expect(story.metadata.next_meeting_date).toBe('July 9, 2025');
    expect(h.calls.map((c) => c.purpose)).toEqual(['story']);

    const prompt = fake.requests[1]!.prompt;
    expect(prompt).toContain('City: Springfield');
    expect(prompt).toContain('Bridge closed since May.');
    expect(fake.requests[1]!.schemaName).toBe('news_story');
  });

  it('keeps unverified and paraphrased quotes away from the story writer', async () => {
    const analyzer = analyzerFor(fake, harness());
    const analysis = {
      summary: 'The council met.',
      highlights: [
        {
          timestamp: '0:01',
          point_of_interest: 'x',
          quotes: [
            { text: 'Invented words nobody said', speaker: 'Mayor', verification_status: 'unverified' as const },
            { text: 'Good evening and welcome', speaker: 'Mayor', verification_status: 'verified' as const },
          ],
        },
      ],
      action_items: [],
      entities: [],
    };
    await analyzer.writeStory({ analysis, segments: MEETING });
    expect(fake.requests[0]!.prompt).not.toContain('Invented words');
    expect(fake.requests[0]!.prompt).toContain('Good evening and welcome');
  });

  it('rejects an empty transcript before calling the model', async () => {
    const analyzer = analyzerFor(fake, harness());
    await expect(analyzer.analyze({ segments: [{ start_ms: 0, end_ms: 1, speaker: null, text: '  ' }] })).rejects.toMatchObject({
      code: 'BAD_INPUT',
    });
    expect(fake.requests).toHaveLength(0);
  });
});

describe('openai analyzer: long meetings', () => {
  const seattle = REAL ? loadRealTranscript(COMMITTEE_FILE) : [];

  it.skipIf(!REAL)('splits the 73-minute Seattle committee into chunks, then merges them into one valid analysis', async () => {
    const h = harness();
    const analyzer = analyzerFor(fake, h, { contextTokens: 6_000 });
    const analysis = await analyzer.analyze({ segments: seattle, title: 'Civil Rights, Utilities, Economic Development and Arts Committee' }, { onCall: h.onCall });

    const purposes = h.calls.map((c) => c.purpose);
    const chunkCalls = purposes.filter((p) => p === 'analysis-chunk').length;
    expect(chunkCalls).toBeGreaterThanOrEqual(4);
    expect(purposes.filter((p) => p === 'analysis-merge')).toHaveLength(1);
    expect(purposes).toHaveLength(chunkCalls + 1);
    expect(h.calls.every((c) => c.ok)).toBe(true);
    for (const request of fake.requests.filter((r) => r.schemaName === 'meeting_analysis')) {
      const chars = (request.body.messages ?? []).reduce((n, m) => n + String(m.content).length, 0);
      expect(chars / 4).toBeLessThan(6_000 - 1_500); // prompt + transcript within the context less the answer's reserve
      expect(request.prompt).toMatch(/Part \d+ of \d+, from \d+:\d{2}:\d{2} to \d+:\d{2}:\d{2}\./);
    }

    expect(analysisResultsSchema.parse(analysis)).toEqual(analysis);
    expect(analysis.summary).toMatch(new RegExp(`^Summary of ${chunkCalls} parts`));
    // Highlights from every part, in meeting order, each once.
    const starts = analysis.highlights.map((h) => h.start_ms ?? -1);
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    expect(new Set(starts).size).toBe(starts.length);
    expect(analysis.highlights.length).toBeGreaterThan(chunkCalls);
    const names = analysis.entities.map((e) => e.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    const verified = verifyAnalysis(analysis, seattle);
    expect(verified.highlights.flatMap((x) => x.quotes).every((q) => q.verification_status === 'verified')).toBe(true);
  });

  it.skipIf(!REAL)('handles a 4-hour meeting: one call with a 128k context, rounds of merges with a tiny one', async () => {
    const hour = 73 * 60_000;
    const fourHours: TranscriptSegment[] = [0, 1, 2, 3].flatMap((n) =>
      seattle.map((s) => ({ ...s, start_ms: s.start_ms + n * hour, end_ms: s.end_ms + n * hour })),
    );
    const words = fourHours.reduce((n, s) => n + s.text.split(/\s+/).length, 0);
    expect(words).toBeGreaterThan(38_000);

    const big = harness();
    await analyzerFor(fake, big).analyze({ segments: fourHours }, { onCall: big.onCall });
    expect(big.calls.map((c) => c.purpose)).toEqual(['analysis']);

    fake.reset();
    const small = harness();
    const analysis = await analyzerFor(fake, small, { contextTokens: 2_500 }).analyze({ segments: fourHours }, { onCall: small.onCall });
    const chunkCalls = small.calls.filter((c) => c.purpose === 'analysis-chunk').length;
    const mergeCalls = small.calls.filter((c) => c.purpose === 'analysis-merge').length;
    expect(chunkCalls).toBeGreaterThan(40);
    expect(mergeCalls).toBeGreaterThan(1); // the chunk summaries did not fit one merge call
    expect(analysisResultsSchema.safeParse(analysis).success).toBe(true);
    expect(analysis.highlights.at(-1)!.start_ms).toBeGreaterThan(3 * hour);
  });

  it('keeps every decision of a long meeting once, in meeting order, though chunk overlaps report some twice', async () => {
    const copies = 16;
    const long = Array.from({ length: copies }, (_, n) => MEETING.map((s) => ({ ...s, start_ms: s.start_ms + n * 600_000, end_ms: s.end_ms + n * 600_000 }))).flat();
    const h = harness();
    const analysis = await analyzerFor(fake, h, { contextTokens: 3_000 }).analyze({ segments: long }, { onCall: h.onCall });

    const chunkPrompts = fake.requests.filter((r) => r.schemaName === 'meeting_analysis').map((r) => r.prompt);
    expect(chunkPrompts.length).toBeGreaterThan(2);
    const reported = chunkPrompts.reduce((n, prompt) => n + (prompt.match(/The motion passes five to zero\./g) ?? []).length, 0);
    expect(reported).toBeGreaterThan(copies); // some results sat in an overlap and were answered twice

    const passes = long.filter((s) => s.text.includes('The motion passes')).map((s) => s.start_ms);
    expect(passes).toHaveLength(copies);
    expect(analysis.decisions!.map((d) => d.evidence[0]!.start_ms)).toEqual(passes);
    const verified = verifyAnalysis(analysis, long).decisions!;
    expect(verified.map((d) => d.evidence[0]!.start_ms)).toEqual(passes);
  });

  it('refuses a context too small to hold any transcript', async () => {
    const analyzer = analyzerFor(fake, harness(), { contextTokens: 800 });
    await expect(analyzer.analyze({ segments: MEETING })).rejects.toMatchObject({ code: 'CONFIG' });
  });
});

describe('fake server under load', () => {
  it('answers eight concurrent analyses side by side, as benchmarks need', async () => {
    const slow = await startFakeOpenAi({ latencyMs: 400 });
    try {
      const analyzer = analyzerFor(slow, harness(), { limits: { requestsPerMinute: 1_000, tokensPerMinute: 10_000_000, maxConcurrent: 8 } });
      const seen: number[] = [];
      slow.script({ kind: 'hook', times: 8, handle: () => (seen.push(seen.length), { kind: 'ok' }) });
      const results = await Promise.all(Array.from({ length: 8 }, () => analyzer.analyze({ segments: MEETING })));
      expect(results.every((r) => analysisResultsSchema.safeParse(r).success)).toBe(true);
      expect(seen).toHaveLength(8);
      const arrivals = slow.requests.map((r) => r.receivedAt);
      // All eight arrived before the first answer could have been sent.
      expect(Math.max(...arrivals) - Math.min(...arrivals)).toBeLessThan(400);
    } finally {
      await slow.close();
    }
  });
});
