/**
 * Writes a planned search corpus (search-corpus.ts) into a migrated, empty database, the
 * same way on PGlite and PostgreSQL: no COPY, one INSERT … SELECT per meeting from a table
 * of the pool's sentences.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../../core/db/schema.js';
import { localise, planMeetings, type CorpusCity, type CorpusPlan, type MeetingPlan } from './search-corpus.js';

export interface LoadReport {
  meetings: number;
  segments: number;
  seconds: number;
}

/**
 * Writes the corpus into a migrated, empty database. The secondary indexes of
 * transcript_segments and meeting_words are dropped for the load and rebuilt after, and the
 * triggers that keep meeting_words (migration 0020) are off, its rows written in one pass at
 * the end (what a bulk load does); each meeting's segments go in with one INSERT … SELECT
 * from a sentence table.
 */
export async function loadCorpus(db: Kysely<DB>, plan: CorpusPlan, onProgress?: (done: number) => void): Promise<LoadReport> {
  const started = performance.now();
  const cityIds = await insertCities(db, plan.cities);
  await sql`create table bench_sentences (city integer, id integer, text text not null, primary key (city, id))`.execute(db);
  for (let c = 0; c < plan.cities.length; c++) {
    const rows = plan.pool.map((text, id) => ({ city: c, id, text: localise(text, plan.cities[c]!) }));
    await sql`insert into bench_sentences (city, id, text)
      select * from unnest(${pgIntArray(rows.map((r) => r.city))}::int[], ${pgIntArray(rows.map((r) => r.id))}::int[], ${pgTextArray(rows.map((r) => r.text))}::text[])`.execute(db);
  }
  const indexes = await sql<{ indexname: string; indexdef: string }>`
    select indexname, indexdef from pg_indexes
    where schemaname = current_schema() and tablename in ('transcript_segments', 'meeting_words')
      and indexname not in ('transcript_segments_pkey', 'meeting_words_pkey')`.execute(db);
  for (const index of indexes.rows) await sql`drop index ${sql.id(index.indexname)}`.execute(db);
  await sql`alter table transcript_segments disable trigger user`.execute(db);

  let done = 0;
  const meetings = planMeetings(plan);
  // Two meetings in flight: on a pool of connections they load side by side.
  const worker = async () => {
    for (let next = meetings.next(); !next.done; next = meetings.next()) {
      await insertMeeting(db, next.value, cityIds[next.value.cityIndex]!);
      done++;
      if (done % 200 === 0) onProgress?.(done);
    }
  };
  await Promise.all([worker(), worker()]);

  await sql`select refresh_meeting_words(array(select id from city_videos))`.execute(db);
  await sql`alter table transcript_segments enable trigger user`.execute(db);
  for (const index of indexes.rows) await sql.raw(index.indexdef).execute(db);
  await sql`drop table bench_sentences`.execute(db);
  // The naive baseline searches the transcript column, so fill it as the pipeline does.
  await fillTranscriptText(db);
  await sql`vacuum analyze city_videos`.execute(db);
  await sql`vacuum analyze transcript_segments`.execute(db);
  await sql`vacuum analyze meeting_words`.execute(db);
  const count = await sql<{ n: string }>`select count(*) as n from transcript_segments`.execute(db);
  return { meetings: plan.meetings, segments: Number(count.rows[0]!.n), seconds: (performance.now() - started) / 1000 };
}

async function insertCities(db: Kysely<DB>, cities: CorpusCity[]): Promise<string[]> {
  const rows = await db
    .insertInto('cities')
    .values(cities.map((c) => ({ name: c.name, state: c.state, county: `${c.name} County`, location_key: c.location_key, domain: `${c.location_key}.example.gov`, status: 'Live' })))
    .returning(['id', 'location_key'])
    .execute();
  return cities.map((c) => rows.find((r) => r.location_key === c.location_key)!.id);
}

async function insertMeeting(db: Kysely<DB>, meeting: MeetingPlan, cityId: string): Promise<void> {
  const videoId = `s${String(meeting.index).padStart(10, '0')}`;
  const video = await db
    .insertInto('city_videos')
    .values({
      city_id: cityId,
      video_id: videoId,
      title: meeting.title,
      description: meeting.description,
      channel_title: 'City Meetings',
      published_at: meeting.publishedAt,
      video_url: `https://www.youtube.com/watch?v=${videoId}`,
      thumbnail_url: `https://i.ytimg.com/vi/${videoId}/hqdefault.jpg`,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await sql`
    insert into transcript_segments (city_video_id, seq, start_ms, end_ms, speaker, text)
    select ${video.id}::uuid, t.ord - 1, t.start_ms, t.end_ms, null, s.text
    from unnest(${pgIntArray(meeting.sentenceIds)}::int[], ${pgIntArray(meeting.starts)}::int[], ${pgIntArray(meeting.ends)}::int[])
      with ordinality as t(sentence, start_ms, end_ms, ord)
    join bench_sentences s on s.city = ${meeting.cityIndex} and s.id = t.sentence`.execute(db);
}

/** What segmentsToText makes of segments without speakers: their texts joined by spaces. */
async function fillTranscriptText(db: Kysely<DB>): Promise<void> {
  await sql`
    update city_videos v set transcript = t.text
    from (select city_video_id, string_agg(btrim(text), ' ' order by seq) as text from transcript_segments group by city_video_id) t
    where t.city_video_id = v.id`.execute(db);
}

// Arrays go over the wire as PostgreSQL array literals: both drivers pass a string through as is.
function pgIntArray(values: readonly number[]): string {
  return `{${values.join(',')}}`;
}

function pgTextArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}
