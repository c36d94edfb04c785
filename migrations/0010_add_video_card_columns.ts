import { sql, type Kysely } from 'kysely';

// What a video card shows besides its plain columns: whether the meeting has a transcript,
// an analysis and a story, and the analysis summary. Computed from the heavy columns when a
// row is written, so the city pages (the busiest reads) never load a transcript, an analysis
// or a story to show ten cards: reading them out of TOAST took most of such a request.
// Blank means what String.trim() calls blank: only whitespace, newlines included.

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table city_videos
      add column has_transcript boolean generated always as (coalesce(transcript ~ '\\S', false)) stored,
      add column has_analysis boolean generated always as (analysis_results is not null) stored,
      add column has_story boolean generated always as (coalesce(news_story ~ '\\S', false)) stored,
      add column analysis_summary text generated always as (analysis_results ->> 'summary') stored
  `.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table city_videos
      drop column analysis_summary,
      drop column has_story,
      drop column has_analysis,
      drop column has_transcript
  `.execute(db);
}
