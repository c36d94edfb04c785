import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City, CityVideo } from '../../core/index.js';
import type { Decision } from '../../core/domain/decisions.js';
import { parseTranscriptFile } from '../../core/domain/transcript-formats.js';
import { buildCity } from '../../core/testing/builders.js';
import { addMeeting } from '../../core/testing/search-meetings.js';
import { TEST_ENGINES } from '../../core/testing/test-database.js';
import { createTestApp, type TestAgent, type TestApp } from '../testing/test-app.js';

const decision: Decision = {
  item: 'the library lease',
  item_number: null,
  motion: null,
  outcome: 'passed',
  tally: null,
  vote_kind: 'voice',
  mover: null,
  seconder: null,
  evidence: [{ text: 'The ayes have it.', start_ms: 61_000 }],
};

/** Issue 27's exports at the HTTP door: files with their names and types, 400s for bad input, 404s for hidden cities. */
describe.each(TEST_ENGINES)('export routes on %s', (engine) => {
  let t: TestApp;
  let visitor: TestAgent;
  let admin: TestAgent;
  let city: City;
  let meeting: CityVideo;
  let hidden: CityVideo;

  beforeAll(async () => {
    t = await createTestApp(engine);
    city = await buildCity(t.db, { name: 'Alder', state: 'CA', location_key: 'alder-ca', status: 'Live' });
    const testing = await buildCity(t.db, { name: 'Cedar', location_key: 'cedar-ca', status: 'Test' });
    meeting = await addMeeting(t.db, city.id, {
      title: 'Alder Council - May 5, 2026',
      analysis_results: { summary: 'Lease approved.', highlights: [], action_items: [], entities: [], decisions: [decision] },
      says: [[60, 'All in favor?'], [61, 'The ayes have it.']],
    });
    hidden = await addMeeting(t.db, testing.id, { title: 'Cedar', says: [[1, 'Hidden.']] });
    visitor = await t.signedOutAgent();
    admin = await t.adminAgent();
  });
  afterAll(async () => {
    await t.close();
  });

  it('serves the transcript as a WebVTT attachment that reads back to the segments the page shows', async () => {
    const res = await visitor.get(`/api/videos/${meeting.id}/transcript.vtt`).expect(200);
    expect(res.headers['content-type']).toBe('text/vtt; charset=utf-8');
    expect(res.headers['content-disposition']).toBe('attachment; filename="alder-ca-2026-05-05-alder-council-may-5-2026.vtt"');
    const shown = (await visitor.get(`/api/videos/${meeting.id}/segments`).expect(200)).body as { segments: unknown[] };
    expect(parseTranscriptFile(res.text).segments).toEqual(shown.segments);
    expect((await visitor.get(`/api/videos/${meeting.id}/transcript.srt`).expect(200)).text).toContain('00:01:01,000 --> 00:01:05,000');
    expect((await visitor.get(`/api/videos/${meeting.video_id}/transcript.txt`).expect(200)).text).toContain('[0:01:01] The ayes have it.');
  });

  it('refuses an unknown format with the reason, and hides a Test city from the public', async () => {
    const bad = await visitor.get(`/api/videos/${meeting.id}/transcript.docx`).expect(400);
    expect(bad.body.error.message).toContain('The format is vtt, srt or txt');
    await visitor.get(`/api/videos/${hidden.id}/transcript.vtt`).expect(404);
    await visitor.get(`/api/videos/${hidden.id}/analysis.json`).expect(404);
    await visitor.get('/api/cities/cedar-ca/decisions.csv').expect(404);
    await admin.get(`/api/videos/${hidden.id}/transcript.vtt`).expect(200);
  });

  it('serves the analysis and decisions as JSON, each decision with the address of its second', async () => {
    const res = await visitor.get(`/api/videos/${meeting.id}/analysis.json`).expect(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename=".+\.json"$/);
    const record = JSON.parse(res.text) as { decisions: { at_url: string }[]; analysis: { summary: string } };
    expect(record.analysis.summary).toBe('Lease approved.');
    expect(record.decisions[0]?.at_url).toMatch(new RegExp(`/city/alder-ca/meeting/${meeting.id}\\?t=61$`));
  });

  it("serves a city's decisions as CSV, and its records as NDJSON; a bad since or what is a 400", async () => {
    const csv = await visitor.get('/api/cities/alder-ca/decisions.csv?since=2020-01-01').expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="alder-ca-decisions.csv"');
    const rows = csv.text.trim().split('\r\n');
    expect(rows).toHaveLength(2);
    expect(rows[1]).toContain('the library lease,passed');
    const none = await visitor.get('/api/cities/alder-ca/decisions.csv?since=2099-01-01').expect(200);
    expect(none.text.trim().split('\r\n')).toHaveLength(1);

    const ndjson = await visitor.get('/api/cities/alder-ca/export?what=transcripts').expect(200);
    expect(ndjson.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(ndjson.text.trim().split('\n').map((line) => (JSON.parse(line) as { text: string }).text)).toEqual(['All in favor?', 'The ayes have it.']);

    expect((await visitor.get('/api/cities/alder-ca/decisions.csv?since=2026-02-30').expect(400)).body.error.message).toContain('not a calendar day');
    expect((await visitor.get('/api/cities/alder-ca/decisions.csv?since=yesterday').expect(400)).body.error.message).toContain('YYYY-MM-DD');
    expect((await visitor.get('/api/cities/alder-ca/export?what=everything').expect(400)).body.error.message).toContain('meetings, decisions or transcripts');
  });
});
