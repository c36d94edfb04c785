/**
 * Alerts at scale (issue 27's target): 10,000 saved searches checked against a newly published
 * three-hour meeting (3,000 transcript lines) in ≤ 5 s on PostgreSQL and ≤ 15 s embedded.
 *
 * Measured: core.alerts.publishNewMeetings() whole (scan, inverted candidate selection,
 * verification, highlighting, claims, and the emails, given to a mailer that drops them), and
 * its matching step alone. Baseline: the naive loop, one search statement per saved search
 * against the meeting (what running the search box 10,000 times would do), printed as the
 * ratio. PostgreSQL too when BENCH_DATABASE_URL is set.
 */
import os from 'node:os';
import { matchMeeting } from '../../core/alerts/matching.js';
import { createAlertService } from '../../core/alerts/alert-service.js';
import type { Database } from '../../core/db/database.js';
import { createSilentLogger } from '../../core/logger.js';
import { createSearchService } from '../../core/search/search-service.js';
import { sql } from 'kysely';
import { loadAlertsCorpus, SAVED_SEARCHES } from './alerts-corpus.js';
import { openBenchDatabase } from './bench-database.js';

const TARGET_SECONDS = { pglite: 15, postgres: 5 } as const;

const seconds = (start: number) => (performance.now() - start) / 1000;

async function naiveLoop(database: Database, meetingId: string): Promise<{ seconds: number; matched: number }> {
  const searches = await database.db.selectFrom('saved_searches').select(['id', 'query_tree']).execute();
  const start = performance.now();
  let matched = 0;
  for (const search of searches) {
    const rows = await sql`select start_ms, text from transcript_segments s
      where s.city_video_id = ${meetingId} and s.tsv @@ ${search.query_tree}::tsquery order by s.seq limit 10`.execute(database.db);
    if (rows.rows.length > 0) matched += 1;
  }
  return { seconds: seconds(start), matched };
}

async function runEngine(database: Database): Promise<boolean> {
  const engine = database.engine;
  console.log(`\n-- ${database.description}`);
  const loadStart = performance.now();
  const { meetingId, cityId } = await loadAlertsCorpus(database.db);
  console.log(`corpus: ${SAVED_SEARCHES.toLocaleString('en-US')} saved searches, one meeting of 3,000 lines, loaded in ${seconds(loadStart).toFixed(0)} s`);
  // The meeting is published now: its analysis is written (the trigger stamps analysed_at).
  await database.db.updateTable('city_videos').set({ analysis_results: JSON.stringify({ summary: 'Budget.', highlights: [], action_items: [], entities: [] }) }).where('id', '=', meetingId).execute();
  const { analysed_at } = await database.db.selectFrom('city_videos').select('analysed_at').where('id', '=', meetingId).executeTakeFirstOrThrow();

  const matchStart = performance.now();
  const matches = await matchMeeting(database.db, { id: meetingId, city_id: cityId, analysed_at: analysed_at!, decisionTexts: [] });
  const matchSeconds = seconds(matchStart);

  let emails = 0;
  const alerts = createAlertService({
    db: database.db,
    search: createSearchService(database),
    mailer: { send: async () => void (emails += 1) },
    logger: createSilentLogger(),
    site: { publicUrl: 'https://bench.example', siteName: 'Town Crier' },
  });
  const publishStart = performance.now();
  const report = await alerts.publishNewMeetings();
  const publishSeconds = seconds(publishStart);

  const naive = await naiveLoop(database, meetingId);
  const target = TARGET_SECONDS[engine];
  const met = publishSeconds <= target;
  console.log(`matching (inverted): ${matchSeconds.toFixed(2)} s, ${matches.length} saved searches match`);
  console.log(`publishNewMeetings: ${publishSeconds.toFixed(2)} s, ${report.emailed} emails (${emails} handed to the mailer), ${report.capped} capped`);
  console.log(`naive loop (one statement per saved search): ${naive.seconds.toFixed(2)} s, ${naive.matched} match`);
  console.log(`ratio naive / inverted matching: ×${(naive.seconds / matchSeconds).toFixed(1)}; naive / whole publish: ×${(naive.seconds / publishSeconds).toFixed(1)}`);
  if (naive.matched !== matches.length) console.log(`MISMATCH: the naive loop found ${naive.matched}, the inverted index ${matches.length}`);
  console.log(`target (${engine}): publish ≤ ${target} s: ${met ? 'met' : 'MISSED'}`);
  return met && naive.matched === matches.length;
}

async function main(): Promise<void> {
  const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`alerts benchmark on ${os.cpus().length} cores, load average ${load()}`);
  let ok = true;
  const pglite = await openBenchDatabase(undefined);
  try {
    ok = (await runEngine(pglite)) && ok;
  } finally {
    await pglite.close();
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (databaseUrl) {
    const postgres = await openBenchDatabase(databaseUrl);
    try {
      ok = (await runEngine(postgres)) && ok;
    } finally {
      await postgres.close();
    }
  } else {
    console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user@host:5432/db to measure it.');
  }
  console.log(`\nload average at the end ${load()}`);
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
