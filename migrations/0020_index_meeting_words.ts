import { sql, type Kysely } from 'kysely';

// Search's -word leaves out every meeting that says the word (or has it in its title or
// description), so it must know which meetings say a word without probing each one: "shelter
// -navigation" would otherwise probe two thousand meetings to keep the three that never say
// "navigation". meeting_words holds each meeting's distinct transcript lexemes (those of its
// segments' tsv, without positions), with a GIN index: the meetings that say a word are one
// index read. The title and description get an expression index for the same question.
//
// Triggers on transcript_segments keep meeting_words in step with whatever writes segments
// (replaceSegments, tests, the benchmark's bulk load): once per statement, for the meetings
// that statement touched.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table meeting_words (
      city_video_id uuid primary key references city_videos (id) on delete cascade,
      words tsvector not null
    )`.execute(db);
  await sql`
    create function refresh_meeting_words(ids uuid[]) returns void language sql as $$
      insert into meeting_words (city_video_id, words)
      select v.id, coalesce((
          select array_to_tsvector(array_agg(distinct l.lexeme))
          from transcript_segments s cross join unnest(s.tsv) l
          where s.city_video_id = v.id
        ), ''::tsvector)
      -- A meeting being deleted takes its segments along: it has no words to keep.
      from city_videos v where v.id = any(ids)
      on conflict (city_video_id) do update set words = excluded.words
    $$`.execute(db);
  // Inserted segments add their lexemes to their meeting's (a union: no segment is read
  // again, so a transcript written in batches costs what its segments do); deleted or changed
  // ones make it read its segments again (replaceSegments deletes them all: none to read).
  await sql`
    create function meeting_words_after_insert() returns trigger language plpgsql as $$
      begin
        insert into meeting_words (city_video_id, words)
        select n.city_video_id, array_to_tsvector(array_agg(distinct l.lexeme))
        from changed n cross join unnest(n.tsv) l
        group by n.city_video_id
        on conflict (city_video_id) do update set words = meeting_words.words || excluded.words;
        return null;
      end
    $$`.execute(db);
  await sql`
    create function meeting_words_after_change() returns trigger language plpgsql as $$
      begin
        perform refresh_meeting_words(array(select distinct city_video_id from changed));
        return null;
      end
    $$`.execute(db);
  // A trigger with transition tables serves one event: one trigger each.
  for (const [event, table, action] of [
    ['insert', 'new', 'meeting_words_after_insert'],
    ['update', 'new', 'meeting_words_after_change'],
    ['delete', 'old', 'meeting_words_after_change'],
  ] as const) {
    await sql`
      create trigger ${sql.id(`transcript_segments_words_after_${event}`)}
      after ${sql.raw(event)} on transcript_segments
      referencing ${sql.raw(table)} table as changed
      for each statement execute function ${sql.id(action)}()`.execute(db);
  }
  await sql`select refresh_meeting_words(array(select distinct city_video_id from transcript_segments))`.execute(db);
  await sql`create index meeting_words_words_idx on meeting_words using gin (words)`.execute(db);
  await sql`
    create index city_videos_written_words_idx on city_videos
    using gin (to_tsvector('english', coalesce(title, '') || ' ' || coalesce(description, '')))`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index city_videos_written_words_idx`.execute(db);
  for (const event of ['insert', 'update', 'delete']) {
    await sql`drop trigger ${sql.id(`transcript_segments_words_after_${event}`)} on transcript_segments`.execute(db);
  }
  await sql`drop function meeting_words_after_change()`.execute(db);
  await sql`drop function meeting_words_after_insert()`.execute(db);
  await sql`drop function refresh_meeting_words(uuid[])`.execute(db);
  await sql`drop table meeting_words`.execute(db);
}
