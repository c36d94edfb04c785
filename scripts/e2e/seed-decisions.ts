/**
 * Records the decisions of one demo meeting (Fairview City Council, March 24, 2026: city key and
 * platform video id in argv[2] and argv[3], from web/e2e/global-setup.ts) in its stored analysis, for the browser tests of the meeting page's Decisions section
 * (web/e2e/meetings.e2e.test.ts). The browser tests' global setup runs it after the demo ingest
 * and before `civic serve`: web/ may not import core's database code, and the embedded database
 * belongs to one process at a time. Not a benchmark itself.
 *
 * The decisions are written here, not left to the analyzer, so the test sees the same list
 * whatever the offline analyzer finds; their evidence is grounded in the meeting's stored
 * transcript the way the pipeline grounds it (verifyDecisions), so each plays a real second.
 */
import { analysisResultsSchema } from '../../core/domain/analysis.js';
import type { Decision } from '../../core/domain/decisions.js';
import { verifyDecisions } from '../../core/domain/quote-verification.js';
import { loadConfig, openDatabase } from '../../core/index.js';

const [cityKey, videoId] = process.argv.slice(2);
if (!cityKey || !videoId) throw new Error('usage: seed-decisions.ts <city location key> <platform video id>');
const MEETING = { cityKey, videoId };

const said = (text: string) => [{ text, start_ms: null }];

const DECISIONS: Decision[] = [
  {
    item: 'the consent calendar',
    item_number: null,
    motion: null,
    outcome: 'passed',
    tally: { yes: 5, no: 0, abstain: null, absent: null },
    vote_kind: 'voice',
    mover: 'Councilmember Dale Whitcomb',
    seconder: 'Councilmember Priya Natarajan',
    evidence: said('All in favor? Opposed? The consent calendar is approved five to zero.'),
  },
  {
    item: 'Lindgren Park renovation budget of $1.2 million',
    item_number: null,
    motion: 'approve the Lindgren Park renovation project budget of $1.2 million and authorize the city manager to advertise for bids',
    outcome: 'passed',
    tally: { yes: 5, no: 0, abstain: null, absent: null },
    vote_kind: 'voice',
    unanimous: true,
    mover: 'Councilmember Grace Liu',
    seconder: 'Vice Mayor Thomas Okafor',
    evidence: said('The motion passes unanimously, five to zero.'),
  },
  {
    // Not tied to an agenda item, as the analyzer leaves a vote it cannot name: the page says when it was.
    item: null,
    item_number: null,
    motion: 'restore year-round Sunday hours at the main library from noon to 5 p.m., beginning June 7, 2026',
    outcome: 'passed',
    tally: { yes: 3, no: 2, abstain: null, absent: null },
    vote_kind: 'roll_call',
    mover: 'Councilmember Priya Natarajan',
    seconder: 'Councilmember Grace Liu',
    evidence: said('The motion passes three to two, with Vice Mayor Okafor and Councilmember Whitcomb voting no.'),
  },
];

const config = loadConfig(process.env);
const database = await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
try {
  const video = await database.db
    .selectFrom('city_videos')
    .innerJoin('cities', 'cities.id', 'city_videos.city_id')
    .select(['city_videos.id', 'city_videos.analysis_results'])
    .where('cities.location_key', '=', MEETING.cityKey)
    .where('city_videos.video_id', '=', MEETING.videoId)
    .executeTakeFirstOrThrow(() => new Error(`seed-decisions: no meeting ${MEETING.videoId} in ${MEETING.cityKey}; was the demo ingested?`));
  const analysis = analysisResultsSchema.parse(video.analysis_results);
  const segments = await database.db.selectFrom('transcript_segments').select(['start_ms', 'end_ms', 'speaker', 'text']).where('city_video_id', '=', video.id).orderBy('seq').execute();
  const decisions = verifyDecisions(DECISIONS, segments);
  // A fixture that changed under these sentences must fail the setup, not quietly seed fewer lines.
  const untimed = decisions.filter((decision) => decision.evidence.some((evidence) => evidence.start_ms === null));
  if (decisions.length !== DECISIONS.length || untimed.length > 0) throw new Error('seed-decisions: the transcript no longer holds every evidence sentence');
  await database.db
    .updateTable('city_videos')
    .set({ analysis_results: JSON.stringify({ ...analysis, decisions }), updated_at: new Date() })
    .where('id', '=', video.id)
    .execute();
} finally {
  await database.close();
}
