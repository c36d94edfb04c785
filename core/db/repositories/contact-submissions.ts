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
