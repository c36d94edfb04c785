import { sql, type Kysely } from 'kysely';

// One GIN index over (city_video_id, tsv) in place of the one over tsv alone. Search asks
// two kinds of question of transcript segments: which segments anywhere hold these words
// (a rare word), and which segments of this one meeting hold them (a common word, meeting
// by meeting, and the best moments of each result). The second had to read every segment
// of the meeting, because the words' own index lists every match in the whole table; with
// both keys in one GIN index the two lists are intersected inside the index, so a meeting's
// matches cost what they are, not what the meeting is. Questions about words alone use the
// same index as before (GIN serves any subset of its columns equally well).
//
// btree_gin gives GIN its equality operators for uuid. Installed in public, like pg_trgm, so
// per-test schemas on PostgreSQL share one copy; never dropped here, as other schemas may
// use it.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists btree_gin with schema public`.execute(db);
  await sql`create index transcript_segments_video_tsv_idx on transcript_segments using gin (city_video_id, tsv)`.execute(db);
  await sql`drop index transcript_segments_tsv_idx`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`create index transcript_segments_tsv_idx on transcript_segments using gin (tsv)`.execute(db);
  await sql`drop index transcript_segments_video_tsv_idx`.execute(db);
}
