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
  const publisher = createAlertPublisher({ ...deps, logger: deps.logger.child({ component: 'alerts' }) });
  return { ...createSavedSearchService(deps.db, deps.search, deps.site), ...publisher };
}

export type AlertService = ReturnType<typeof createAlertService>;
