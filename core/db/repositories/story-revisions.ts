import type { Executor } from './executor.js';
import type { RevisionAction, RevisionTarget } from '../schema.js';

export interface NewRevision {
  city_video_id: string;
  author_id: string | null;
  action: RevisionAction;
  target: RevisionTarget;
  changed: string[];
  story?: string | null;
  decisions?: unknown[] | null;
  correction_note?: string | null;
  created_at?: Date;
}

export async function insertRevision(db: Executor, revision: NewRevision): Promise<void> {
  await db
    .insertInto('story_revisions')
    .values({
      ...revision,
      changed: JSON.stringify(revision.changed),
      decisions: revision.decisions === undefined || revision.decisions === null ? null : JSON.stringify(revision.decisions),
    })
    .execute();
}

/** A video's history, newest first, with the author's address while the account exists. */
export function listRevisions(db: Executor, cityVideoId: string) {
  return db
    .selectFrom('story_revisions as r')
    .leftJoin('users as u', 'u.id', 'r.author_id')
    .select(['r.id', 'r.created_at', 'u.email as author', 'r.action', 'r.target', 'r.changed', 'r.correction_note'])
    .where('r.city_video_id', '=', cityVideoId)
    .orderBy('r.created_at', 'desc')
    .orderBy('r.id', 'desc')
    .execute();
}

/**
 * What readers are told of a video's care: its correction notes (newest first) and when a person
 * last changed what they read (the published story or the decisions).
 */
export async function publicRecordOf(db: Executor, cityVideoId: string) {
  const rows = await db
    .selectFrom('story_revisions')
    .select(['created_at', 'action', 'correction_note'])
    .where('city_video_id', '=', cityVideoId)
    .where('target', 'in', ['published', 'decisions'])
    .where('action', 'in', ['edited', 'corrected'])
    .orderBy('created_at', 'desc')
    .execute();
  return {
    updated_at: rows[0]?.created_at ?? null,
    corrections: rows.flatMap((row) => (row.correction_note ? [{ at: row.created_at, note: row.correction_note }] : [])),
  };
}

/** Drafts waiting for review, oldest first, across every city. */
export function listDrafts(db: Executor) {
  return db
    .selectFrom('city_videos as v')
    .leftJoin('cities as c', 'c.id', 'v.city_id')
    .select(['v.id', 'v.video_id', 'v.title', 'c.name as city', 'v.draft_generated_at'])
    .where('v.draft_story', 'is not', null)
    .orderBy('v.draft_generated_at', 'asc')
    .orderBy('v.id', 'asc')
    .execute();
}
