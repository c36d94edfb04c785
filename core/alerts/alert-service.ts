import type { Kysely } from 'kysely';
import type { DB } from '../db/schema.js';
import type { Logger } from '../logger.js';
import type { Mailer } from '../ports/mailer.js';
import type { SearchService } from '../search/search-service.js';
import type { AlertSite } from './alert-email.js';
import { createAlertPublisher } from './alert-publisher.js';
import { createSavedSearchService } from './saved-search-service.js';

/** Saved searches and their alerts (issue 27): what members manage, and what sends the emails. */
export function createAlertService(deps: { db: Kysely<DB>; search: SearchService; mailer: Mailer; logger: Logger; site: AlertSite; now?: () => Date }) {
  const logger = deps.logger.child({ component: 'alerts' });
  const publisher = createAlertPublisher({ ...deps, logger });
  let running: Promise<void> | null = null;
  let again = false;

  /**
   * After a video's stages (core/pipeline/run.ts): publishes without failing the run, and
   * coalesces the calls of videos finishing together into one scan, plus one more if any came
   * while it ran (a scan already under way may have missed their meetings).
   */
  function publishSoon(): Promise<void> {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        try {
          await publisher.publishNewMeetings();
        } catch (error) {
          logger.error({ err: error }, 'publishing alerts failed; the next scan will retry');
        }
      } while (again);
    })().finally(() => {
      running = null;
    });
    return running;
  }

  /** Until the scan under way (if any) is over: closing core waits for it, as for account mail. */
  async function settle(): Promise<void> {
    while (running) await running;
  }

  return { ...createSavedSearchService(deps.db, deps.search, deps.site), ...publisher, publishSoon, settle };
}

export type AlertService = ReturnType<typeof createAlertService>;
