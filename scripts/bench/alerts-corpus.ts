/**
 * The alerts benchmark's data: a three-hour meeting (long-meeting-fixture.ts) in a Live city,
 * and 10,000 saved searches of 1,000 members written as the search box takes them: single
 * words, words that must all be there, "phrases", or-alternatives and -exclusions, over a
 * vocabulary of 5,000 made-up place and topic names, with one search in fifty about what the
 * meeting does discuss (so about 200 alerts fire, as a busy night would have).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { requiredTerms } from '../../core/alerts/required-terms.js';
import { replaceSegments } from '../../core/db/repositories/transcript-segments.js';
import type { DB } from '../../core/db/schema.js';
import { LONG_MEETING, writeLongMeetingFixtures } from './long-meeting-fixture.js';

export const SAVED_SEARCHES = 10_000;
const MEMBERS = 1_000;
const SYLLABLES = ['zar', 'bo', 'lin', 'quen', 'tor', 'vash', 'mel', 'dri', 'ko', 'pel', 'ster', 'wick', 'and', 'ru', 'fen', 'gal', 'hix', 'jor', 'nim', 'oza'];
const MEETING_TOPICS = ['bridge repair', 'water rates', '"public comment"', 'zoning -parking', 'library hours', 'bike lane', 'grant', 'school district'];

/** A made-up word, the same for the same n. */
function madeUpWord(n: number): string {
  const a = SYLLABLES[n % SYLLABLES.length]!;
  const b = SYLLABLES[Math.floor(n / SYLLABLES.length) % SYLLABLES.length]!;
  const c = SYLLABLES[Math.floor(n / 400) % SYLLABLES.length]!;
  return `${a}${b}${c}`;
}

export function savedSearchQuery(i: number): string {
  if (i % 50 === 0) return MEETING_TOPICS[(i / 50) % MEETING_TOPICS.length]!;
  const w = (k: number) => madeUpWord((i * 7919 + k * 104_729) % 5000);
  switch (i % 5) {
    case 0:
      return `${w(1)} ${w(2)}`;
    case 1:
      return `"${w(1)} ${w(2)}"`;
    case 2:
      return `${w(1)} or ${w(2)}`;
    case 3:
      return `${w(1)} -${w(2)}`;
    default:
      return w(1);
  }
}

export interface AlertsCorpus {
  meetingId: string;
  cityId: string;
}

/** Loads the corpus; the meeting is not analysed yet (analyse it to make it new). */
export async function loadAlertsCorpus(db: Kysely<DB>): Promise<AlertsCorpus> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'alerts-bench-'));
  try {
    await writeLongMeetingFixtures(dir);
    const file = JSON.parse(await fs.readFile(path.join(dir, 'transcripts', `${LONG_MEETING.videoId}.json`), 'utf8')) as {
      segments: Array<{ start: number; duration: number; speaker: string; text: string }>;
    };
    const city = await db.insertInto('cities').values({ name: 'Benchford', county: 'Bench County', location_key: 'benchford-ca', status: 'Live' }).returning('id').executeTakeFirstOrThrow();
    const video = await db
      .insertInto('city_videos')
      .values({ city_id: city.id, video_id: LONG_MEETING.videoId, title: 'City Council Budget Marathon - three hours', published_at: new Date('2026-06-30T18:00:00Z') })
      .returning('id')
      .executeTakeFirstOrThrow();
    const segments = file.segments.map((s) => ({ start_ms: Math.round(s.start * 1000), end_ms: Math.round((s.start + s.duration) * 1000), speaker: s.speaker, text: s.text }));
    await replaceSegments(db, video.id, segments);
    await loadSavedSearches(db);
    return { meetingId: video.id, cityId: city.id };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function loadSavedSearches(db: Kysely<DB>): Promise<void> {
  const users = await db
    .insertInto('users')
    .values(Array.from({ length: MEMBERS }, (_, i) => ({ email: `member${i}@bench.example`, email_confirmed_at: new Date() })))
    .returning('id')
    .execute();
  const created = new Date(Date.now() - 86_400_000);
  for (let offset = 0; offset < SAVED_SEARCHES; offset += 1000) {
    const queries = Array.from({ length: Math.min(1000, SAVED_SEARCHES - offset) }, (_, k) => savedSearchQuery(offset + k));
    const trees = await sql<{ q: string; tree: string }>`select q, websearch_to_tsquery('english', q)::text as tree from unnest(${queries}::text[]) q`.execute(db);
    const rows = trees.rows.map(({ q, tree }, k) => ({
      user_id: users[(offset + k) % MEMBERS]!.id,
      query: q,
      query_tree: tree,
      frequency: 'immediate' as const,
      unsubscribe_token: `u${String(offset + k).padStart(42, '0')}`,
      feed_token: `f${String(offset + k).padStart(42, '0')}`,
      created_at: created,
    }));
    const inserted = await db.insertInto('saved_searches').values(rows).returning(['id', 'query_tree']).execute();
    const terms = inserted.flatMap(({ id, query_tree }) => (requiredTerms(query_tree) ?? []).map((lexeme) => ({ lexeme, saved_search_id: id })));
    await db.insertInto('saved_search_terms').values(terms).onConflict((oc) => oc.doNothing()).execute();
  }
}
