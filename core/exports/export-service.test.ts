import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../index.js';
import type { City, CityVideo } from '../db/schema.js';
import type { AnalysisResults } from '../domain/analysis.js';
import type { Decision } from '../domain/decisions.js';
import { parseTranscriptFile } from '../domain/transcript-formats.js';
import { buildCity } from '../testing/builders.js';
import { addMeeting } from '../testing/search-meetings.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';

const decision: Decision = {
  item: 'the rezoning of 410 Main Street',
  item_number: 'Item 7A',
  motion: 'Move to approve the rezoning',
  outcome: 'passed',
  tally: { yes: 5, no: 2, abstain: null, absent: null },
  vote_kind: 'roll_call',
  mover: 'Councilmember Ortiz',
  seconder: null,
  evidence: [{ text: 'The motion carries, five to two.', start_ms: 754_000, verification_status: 'verified' }],
};
const analysis: AnalysisResults = { summary: 'The council rezoned 410 Main Street.', highlights: [], action_items: [], entities: [], decisions: [decision] };
const publishedStory = JSON.stringify({
  article: { headline: 'Council rezones 410 Main Street', body: 'The council voted 5-2.', word_count: 4, primary_focus: 'zoning' },
  sidebar_elements: { quote_block: null, quick_facts: ['Vote: 5-2'], background: '' },
  metadata: { sources_used: [], next_meeting_date: null, follow_up_needed: false, uncertainty_notes: [] },
  notes: 'Editors only: check the tally.',
});

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = '';
  for await (const chunk of chunks) text += chunk;
  return text;
}

describe.each(TEST_ENGINES)('exports on %s', (engine) => {
  let core: Core;
  let fairview: City;
  let cedar: City;
  let meeting: CityVideo;

  beforeEach(async () => {
    core = await createTestCore(engine);
    fairview = await buildCity(testDb(core), { name: 'Fairview', state: 'CA', location_key: 'fairview-ca', status: 'Live' });
    cedar = await buildCity(testDb(core), { name: 'Cedar', state: 'CA', location_key: 'cedar-ca', status: 'Test' });
    meeting = await addMeeting(testDb(core), fairview.id, {
      title: 'City Council - March 24, 2026',
      analysis_results: analysis,
      news_story: publishedStory,
      draft_story: JSON.stringify({ article: { headline: 'A DRAFT NOBODY APPROVED' } }),
      says: [[750, 'Roll call on item 7A.'], [754, 'The motion carries, five to two.']],
    });
  });
  afterEach(async () => {
    await core.close();
  });

  it("exports a meeting's transcript as WebVTT that reads back to its segments, and as SRT and text", async () => {
    const vtt = await core.exports.transcript(meeting.id, 'vtt', 'public');
    expect(vtt.filename).toBe('fairview-ca-2026-03-24-city-council-march-24-2026.vtt');
    expect(vtt.contentType).toBe('text/vtt; charset=utf-8');
    expect(parseTranscriptFile(vtt.body).segments).toEqual(await core.videos.getSegments(meeting.id, 'public'));
    expect((await core.exports.transcript(meeting.video_id, 'srt', 'public')).body).toContain('00:12:34,000 --> 00:12:38,000');
    expect((await core.exports.transcript(meeting.id, 'txt', 'public')).body).toContain('[0:12:34] The motion carries, five to two.');
    const silent = await addMeeting(testDb(core), fairview.id, { title: 'Not transcribed yet' });
    await expect(core.exports.transcript(silent.id, 'vtt', 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('exports the analysis, the decisions with the second each was stated, and only the published story', async () => {
    const { filename, record } = await core.exports.meeting(meeting.id, 'public');
    expect(filename).toMatch(/\.json$/);
    expect(record).toMatchObject({
      held_on: '2026-03-24',
      city: { location_key: 'fairview-ca' },
      page_url: `http://localhost:3000/city/fairview-ca/meeting/${meeting.id}`,
      analysis: { summary: 'The council rezoned 410 Main Street.' },
      story: { headline: 'Council rezones 410 Main Street', quick_facts: ['Vote: 5-2'] },
    });
    expect(record.decisions[0]?.at_url).toBe(`http://localhost:3000/city/fairview-ca/meeting/${meeting.id}?t=754`);
    expect(JSON.stringify(record)).not.toContain('DRAFT');
    expect(JSON.stringify(record)).not.toContain('Editors only');
  });

  it("keeps a city being set up out of the public's exports, as its pages are", async () => {
    const hidden = await addMeeting(testDb(core), cedar.id, { title: 'Cedar hearing', says: [[5, 'Hidden words.']] });
    await expect(core.exports.transcript(hidden.id, 'vtt', 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.exports.meeting(hidden.id, 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.exports.cityExport('cedar-ca', { what: 'meetings', format: 'ndjson', since: null }, 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await core.exports.transcript(hidden.id, 'txt', 'staff')).body).toContain('Hidden words.');
  });

  it("streams a city's decisions as CSV with a header row and one row a decision", async () => {
    const { chunks } = await core.exports.cityExport('fairview-ca', { what: 'decisions', format: 'csv', since: null }, 'public');
    const lines = (await collect(chunks)).split('\r\n');
    expect(lines[0]).toBe(
      'held_on,meeting_title,item_number,item,outcome,yes,no,abstain,absent,vote_kind,unanimous,mover,seconder,motion,evidence,at_seconds,at_url,meeting_url,meeting_id',
    );
    expect(lines[1]).toBe(
      `2026-03-24,City Council - March 24, 2026,Item 7A,the rezoning of 410 Main Street,passed,5,2,,,roll_call,,Councilmember Ortiz,,Move to approve the rezoning,"The motion carries, five to two.",754,http://localhost:3000/city/fairview-ca/meeting/${meeting.id}?t=754,http://localhost:3000/city/fairview-ca/meeting/${meeting.id},${meeting.id}`.replace(
        'City Council - March 24, 2026',
        '"City Council - March 24, 2026"',
      ),
    );
    expect(lines.slice(2)).toEqual(['']);
  });

  it('streams every meeting of a long history page by page, oldest first, and honours --since', async () => {
    // 60 more meetings: past one page of 50.
    for (let i = 0; i < 60; i += 1) {
      await addMeeting(testDb(core), fairview.id, { title: `Meeting ${i}`, published_at: new Date(Date.UTC(2025, 0, 1 + i)), created_at: new Date(Date.UTC(2025, 0, 1 + i)) });
    }
    const { chunks } = await core.exports.cityExport('fairview-ca', { what: 'meetings', format: 'ndjson', since: null }, 'staff');
    const meetings = (await collect(chunks)).trim().split('\n').map((line) => JSON.parse(line) as { id: string; title: string });
    expect(meetings).toHaveLength(61);
    expect(new Set(meetings.map((m) => m.id)).size).toBe(61);
    expect(meetings[0]?.title).toBe('Meeting 0');
    const recent = await core.exports.cityExport('fairview-ca', { what: 'meetings', format: 'csv', since: new Date(Date.UTC(2025, 1, 25)) }, 'staff');
    const rows = (await collect(recent.chunks)).trim().split('\r\n');
    // The header, Meetings 55-59 (February 25 to March 1, 2025), and the council meeting of 2026.
    expect(rows).toHaveLength(1 + 5 + 1);
  });

  it('streams transcripts as NDJSON lines, each with the address that plays it', async () => {
    const { chunks } = await core.exports.cityExport('fairview-ca', { what: 'transcripts', format: 'ndjson', since: null }, 'public');
    const lines = (await collect(chunks)).trim().split('\n').map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines).toEqual([
      expect.objectContaining({ meeting_id: meeting.id, start_ms: 750_000, text: 'Roll call on item 7A.', at_url: expect.stringMatching(/\?t=750$/) }),
      expect.objectContaining({ start_ms: 754_000, text: 'The motion carries, five to two.' }),
    ]);
  });
});
