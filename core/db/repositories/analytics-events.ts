import type { Executor } from './executor.js';

export async function insertEvent(db: Executor, event: { name: string; properties: Record<string, unknown>; path: string | null }): Promise<void> {
  await db.insertInto('analytics_events').values({ name: event.name, properties: JSON.stringify(event.properties), path: event.path }).execute();
}

export async function deleteEventsBefore(db: Executor, cutoff: Date): Promise<number> {
  const result = await db.deleteFrom('analytics_events').where('created_at', '<', cutoff).executeTakeFirst();
  return Number(result.numDeletedRows);
}
