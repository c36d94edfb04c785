/**
 * Statements run often enough that planning them each time costs more than running them
 * (a search's statements: 0.3-0.8 ms to plan, about as much as to execute). A statement
 * whose text starts with PREPARED_MARK is prepared once per PostgreSQL connection and
 * afterwards executed by name (database.ts), so PostgreSQL parses it once and, where the
 * transaction asks for generic plans, plans it once. Its text must not vary with the data:
 * every value goes in a parameter. PGlite runs it like any statement (the mark is a comment).
 */
import { sql, type RawBuilder } from 'kysely';

export const PREPARED_MARK = '/* prepared */';

export function prepared<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(PREPARED_MARK)} ${query}`;
}
