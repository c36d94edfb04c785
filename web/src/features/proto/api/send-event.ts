import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

export type EventProperties = Record<string, string | number | boolean | null>;

/**
 * First-party analytics of the prototype pages (spec §2 screen 18, design §6): POST
 * /api/events on our own server, never a third party. Fire and forget: a lost event must
 * never break the page, so failures are only logged.
 */
export function sendEvent(name: string, properties: EventProperties = {}): void {
  api.post(apiPaths.events(), { name, properties, path: window.location.pathname }).catch((error: unknown) => {
    console.warn('Analytics event not recorded', name, error);
  });
}
