import { sql, type Kysely } from 'kysely';

// Indexes for video search (core/search). Transcript segments already have their GIN index
// on tsv (0003); these serve the other halves of a search.

export async function up(db: Kysely<unknown>): Promise<void> {
  // The spec's case-insensitive substring match on title and description (ILIKE '%q%'):
  // trigram GIN indexes let it skip the rows that cannot contain the query.
  await sql`create index city_videos_title_trgm_idx on city_videos using gin (title gin_trgm_ops)`.execute(db);
  await sql`create index city_videos_description_trgm_idx on city_videos using gin (description gin_trgm_ops)`.execute(db);
  // Search results are newest first across all cities: a walk in this order stops as soon as
  // it has a page of matches, instead of sorting every match of a broad word.
  await sql`create index city_videos_published_idx on city_videos (published_at desc nulls last, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('city_videos_published_idx').execute();
  await db.schema.dropIndex('city_videos_description_trgm_idx').execute();
  await db.schema.dropIndex('city_videos_title_trgm_idx').execute();
}
