import { sql } from 'kysely';
import type { Executor } from './executor.js';

export interface ContactSubmissionRow {
  id: string;
  email: string;
  phone: string | null;
  topic: string;
  message: string;
  created_at: Date;
}

export function insertContactSubmission(
  db: Executor,
  submission: { email: string; phone: string | null; topic: string; message: string },
): Promise<ContactSubmissionRow> {
  return db.insertInto('contact_submissions').values(submission).returningAll().executeTakeFirstOrThrow();
}

/** Rows sent from this address (stored as typed: compared trimmed and lowercased); returns how many went. */
export async function deleteContactSubmissionsFromEmail(db: Executor, email: string): Promise<number> {
  const result = await db
    .deleteFrom('contact_submissions')
    .where(sql<string>`lower(btrim(email))`, '=', email.trim().toLowerCase())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
