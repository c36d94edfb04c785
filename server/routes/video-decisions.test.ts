import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResults } from '../../core/domain/analysis.js';
import type { Decision } from '../../core/domain/decisions.js';
import type { CityVideo } from '../../core/index.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';
import { seedResources, TRANSCRIPT } from '../testing/resource-fixtures.js';

const DECISIONS: Decision[] = [
  {
    item: 'Oak Street bridge repair contract',
    item_number: 'Item 4',
    motion: 'approve the bridge repair contract with the one lane condition',
    outcome: 'passed',
    tally: { yes: 5, no: 0, abstain: null, absent: 1 },
    vote_kind: 'voice',
    unanimous: true,
    mover: 'Councilmember Park',
    seconder: 'Councilmember Diaz',
    evidence: [{ text: 'All in favor? The motion passes five to zero.', start_ms: 150_000, verification_status: 'verified' }],
  },
  {
    // A vote the meeting did not tie to an item, from an untimed part: nulls are served as nulls.
    item: null,
    item_number: null,
    motion: null,
    outcome: 'unclear',
    tally: null,
    vote_kind: null,
    mover: null,
    seconder: null,
    evidence: [{ text: 'We are adjourned.', start_ms: null }],
  },
];

const ANALYSIS: AnalysisResults = {
  summary: 'The council approved the Oak Street bridge repair.',
  highlights: [],
  action_items: [],
  entities: [],
  decisions: DECISIONS,
};

/**
 * The meeting page reads decisions from the analysis the API serves (issue 23): every route that
 * returns a video's analysis hands them over as stored, nothing re-shaped or dropped on the way.
 */
describe.each(TEST_ENGINES)('decisions in the served analysis on %s', (engine) => {
  let t: TestApp;
  let video: CityVideo;
  let visitor: TestAgent;
  beforeAll(async () => {
    t = await createTestApp(engine);
    const f = await seedResources(t.core);
    video = await t.db
      .insertInto('city_videos')
      .values({
        city_id: f.fairview.id,
        city_urls_id: f.source.id,
        video_id: 'decided0001',
        title: 'Council meeting with decisions',
        transcript: TRANSCRIPT,
        analysis_results: JSON.stringify(ANALYSIS),
        published_at: new Date('2026-03-09T02:00:00Z'),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    visitor = await t.signedOutAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it('GET /api/videos/:id serves analysis_results.decisions as stored', async () => {
    const res = await visitor.get(`/api/videos/${video.id}`).expect(200);
    expect((res.body as { analysis_results: AnalysisResults }).analysis_results).toEqual(ANALYSIS);
  });

  it('analyzeVideoTranscript answers a visitor with the stored analysis, decisions included', async () => {
    const res = await visitor.post('/api/functions/analyzeVideoTranscript').send({ recordId: video.id }).expect(200);
    expect((res.body as { analysis: AnalysisResults }).analysis.decisions).toEqual(DECISIONS);
  });

  it('GET /api/admin/videos/:id serves them to an admin as stored', async () => {
    const admin = await t.adminAgent();
    const res = await admin.get(`/api/admin/videos/${video.id}`).expect(200);
    expect((res.body as { analysis_results: AnalysisResults }).analysis_results.decisions).toEqual(DECISIONS);
  });
});
