import type { Kysely } from 'kysely';
import { deleteEventsBefore, insertEvent } from '../db/repositories/analytics-events.js';
import type { DB } from '../db/schema.js';
import { AppError } from '../errors.js';
import { readEvent, type EventInput } from './event-input.js';

/** Spec §1 and §9: technical logs are kept at most 30 days. */
export const EVENT_RETENTION_DAYS = 30;

const DAY_MS = 24 * 60 * 60 * 1000;

/** First-party analytics: events are stored without anything that identifies the visitor. */
export function createAnalyticsService(db: Kysely<DB>, clock: { now: () => Date } = { now: () => new Date() }) {
  async function recordEvent(input: EventInput): Promise<void> {
    await insertEvent(db, readEvent(input));
  }

  /** Deletes events older than `days` days; returns how many went. */
  async function deleteEventsOlderThan(days: number = EVENT_RETENTION_DAYS): Promise<number> {
    if (!Number.isFinite(days) || days < 0) throw new AppError('BAD_INPUT', `Invalid retention "${days}": a number of days, 0 or more`);
    return deleteEventsBefore(db, new Date(clock.now().getTime() - days * DAY_MS));
  }

  return { recordEvent, deleteEventsOlderThan };
}

export type AnalyticsService = ReturnType<typeof createAnalyticsService>;
