/**
 * Which lexemes are common in transcripts, from PostgreSQL's statistics of tsv (the most
 * common elements ANALYZE keeps, with the share of rows holding each). A query none of whose
 * words is common matches few segments, so search can go straight to the GIN index without
 * sampling the newest meetings first (transcript-matches.ts).
 *
 * Only single lexemes are trusted: for phrases and word pairs the planner's own estimates are
 * far off. Reading pg_stats costs more to plan than a search's other statements, so the list
 * is kept for a few minutes per database. Without statistics (PGlite has no autovacuum; a new
 * table) there is no list and every search takes the sample.
 */
import { sql, type Kysely } from 'kysely';
import type { DB } from '../db/schema.js';

/** A lexeme is common when statistics put it in more segments than this. */
const COMMON_SEGMENTS = 1000;
const KEEP_MS = 5 * 60_000;

interface Cached {
  loadedAt: number;
  common: Promise<readonly string[] | null>;
}

const cache = new WeakMap<Kysely<DB>, Cached>();

/** The common lexemes, or null when there are no statistics yet. */
export function commonLexemes(db: Kysely<DB>, now = Date.now()): Promise<readonly string[] | null> {
  const cached = cache.get(db);
  if (cached && now - cached.loadedAt < KEEP_MS) return cached.common;
  const common = loadCommonLexemes(db).catch(() => null);
  cache.set(db, { loadedAt: now, common });
  return common;
}

async function loadCommonLexemes(db: Kysely<DB>): Promise<readonly string[] | null> {
  const result = await sql<{ common: string[] | null }>`
    select array(
      select f.lexeme from unnest(ps.most_common_elems::text::text[], ps.most_common_elem_freqs) as f(lexeme, share)
      where f.lexeme is not null and f.share * c.reltuples > ${COMMON_SEGMENTS}
    ) as common
    from pg_stats ps
    cross join (select reltuples from pg_class where oid = 'transcript_segments'::regclass) c
    where ps.schemaname = current_schema() and ps.tablename = 'transcript_segments' and ps.attname = 'tsv'`.execute(db);
  return result.rows[0]?.common ?? null;
}
