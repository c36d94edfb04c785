/** Shared set-up of the alert tests: a member, meetings analysed on demand, a mailer that keeps what it sends. */
import type { Kysely } from 'kysely';
import type { CityVideo, DB } from '../db/schema.js';
import type { AnalysisResults } from '../domain/analysis.js';
import type { Decision } from '../domain/decisions.js';
import type { MailMessage, Mailer } from '../ports/mailer.js';
import { addMeeting, type MeetingInput } from './search-meetings.js';

export function keepingMailer(): Mailer & { sent: MailMessage[] } {
  const sent: MailMessage[] = [];
  return { sent, send: async (message) => void sent.push(message) };
}

export async function addMember(db: Kysely<DB>, email = `member-${Math.random().toString(36).slice(2)}@example.org`): Promise<{ id: string; email: string }> {
  return db.insertInto('users').values({ email, email_confirmed_at: new Date() }).returning(['id', 'email']).executeTakeFirstOrThrow();
}

function analysis(summary: string, decisions: Decision[] = []): AnalysisResults {
  return { summary, highlights: [], action_items: [], entities: [], decisions };
}

/** A meeting whose analysis is written now (the trigger stamps analysed_at). */
export function addAnalysedMeeting(db: Kysely<DB>, cityId: string, input: MeetingInput & { decisions?: Decision[] } = {}): Promise<CityVideo> {
  const { decisions = [], ...rest } = input;
  return addMeeting(db, cityId, { analysis_results: JSON.stringify(analysis('A meeting.', decisions)), ...rest });
}
