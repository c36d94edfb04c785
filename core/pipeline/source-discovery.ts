import { recordSourceSync } from '../db/repositories/source-syncs.js';
import type { City, CityUrl } from '../db/schema.js';
import type { ListVideosOptions } from '../ports/video-source.js';
import type { PipelineDeps } from './deps.js';
import { discoverSource, type DiscoverResult } from './stages/discover.js';
import { errorText } from './video-stage.js';

export interface RecordedDiscoveryOptions extends ListVideosOptions {
  /**
   * Asked when discovery fails: true when the caller gave up on it (a hard stop). Abandoned is
   * not broken: the source then keeps its last discovery's record and nothing is logged.
   */
  abandoned?: () => boolean;
}

/**
 * Discovers a source's videos (stage 1) and records the attempt in source_syncs and the log:
 * done with the number found, or failed with the reason, and then the error is thrown again.
 * The one way a run, a queued job and the admin's refresh button discover a source.
 */
export async function discoverAndRecordSource(
  deps: Pick<PipelineDeps, 'db' | 'logger' | 'videoSource'>,
  city: Pick<City, 'id' | 'location_key'>,
  source: Pick<CityUrl, 'id' | 'url'>,
  options: RecordedDiscoveryOptions = {},
): Promise<DiscoverResult> {
  const { abandoned, ...listOptions } = options;
  const startedAt = new Date();
  try {
    const result = await discoverSource(deps, city, source, listOptions);
    await recordSourceSync(deps.db, source.id, { status: 'done', videosFound: result.found, startedAt });
    deps.logger.info({ city: city.location_key, source: source.url, found: result.found, new: result.inserted }, 'source discovered');
    return result;
  } catch (error) {
    if (abandoned?.()) throw error;
    const reason = errorText(error);
    deps.logger.warn({ city: city.location_key, source: source.url, err: reason }, 'discovery failed');
    await recordSourceSync(deps.db, source.id, { status: 'failed', error: reason, videosFound: 0, startedAt }).catch(() => undefined);
    throw error;
  }
}
