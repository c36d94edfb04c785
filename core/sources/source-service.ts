import type { Kysely } from 'kysely';
import { findCityById } from '../db/repositories/cities.js';
import { linkUrlToCity, unlinkUrl } from '../db/repositories/cities-urls.js';
import {
  deleteUrl,
  findUrlById,
  insertUrl,
  listAllUrls,
  listCityIdsForUrl,
  listUrlsForCity,
  listUrlsWithStatsForCity,
  updateUrl,
  type CityUrlWithStats,
} from '../db/repositories/city-urls.js';
import { countVideosForSource } from '../db/repositories/city-videos.js';
import type { City, CityUrl, DB } from '../db/schema.js';
import { isUuid } from '../domain/ids.js';
import { sourceIdentity } from '../domain/youtube-url.js';
import { AppError, notFoundError } from '../errors.js';
import { resolveCity } from '../cities/city-service.js';
import { listFixtureSourceKeys } from '../adapters/fixture/fixture-files.js';
import { parseYoutubeUrl } from '../domain/youtube-url.js';
import { normalizeAddress, readNewSource, type SourceInput } from './source-input.js';

export interface SourceDetails {
  source: CityUrl;
  /** Location keys of the cities it is linked to. */
  cities: string[];
  /** Videos found through it; they stay when the source is removed. */
  videos: number;
}

async function resolveSource(db: Kysely<DB>, id: string): Promise<CityUrl> {
  const ref = id.trim();
  const source = isUuid(ref) ? await findUrlById(db, ref) : undefined;
  if (!source) throw notFoundError('source', ref, 'URL not found');
  return source;
}

/** Same address, or the same channel, playlist or video written another way. */
function isSameSource(source: CityUrl, url: string, identity: string | null): boolean {
  return source.url === url || (identity !== null && sourceIdentity(source.url) === identity);
}

/** A source by its id or its address in any form; an address shared by several sources must be named by id. */
async function resolveSourceByIdOrUrl(db: Kysely<DB>, ref: string): Promise<CityUrl> {
  const text = ref.trim();
  if (isUuid(text)) return resolveSource(db, text);
  const url = normalizeAddress(text);
  const identity = sourceIdentity(url);
  const matches = (await listAllUrls(db)).filter((source) => isSameSource(source, url, identity));
  const [only] = matches;
  if (!only) throw notFoundError('source', text, 'URL not found');
  if (matches.length > 1) {
    throw new AppError('BAD_INPUT', `${text} is ${matches.length} sources (ids ${matches.map((m) => m.id).join(', ')}): give the id of the one to remove`);
  }
  return only;
}

/** A source named for a city (`civic ingest --source`): it must be one of the city's. */
export async function resolveSourceOfCity(db: Kysely<DB>, city: City, id: string): Promise<CityUrl> {
  const source = await resolveSource(db, id);
  if (!(await listCityIdsForUrl(db, source.id)).includes(city.id)) throw notFoundError('source', id.trim(), 'URL not found');
  return source;
}

/** A city's sources (spec §7: city_urls plus the cities_urls link row), for the CLI and the admin screens. */
export interface SourceServiceOptions {
  /** Where `fixture:<key>` sources are read from (FIXTURES_DIR; default the demo's). */
  fixturesDir?: string | undefined;
}

export function createSourceService(db: Kysely<DB>, options: SourceServiceOptions = {}) {
  /** A `fixture:` key no file answers to would only fail at discovery: refused when added, naming the ones there are. */
  async function refuseUnknownFixture(url: string): Promise<void> {
    const parsed = parseYoutubeUrl(url);
    if (!parsed.ok || parsed.source.kind !== 'fixture') return;
    const keys = await listFixtureSourceKeys(options.fixturesDir);
    if (keys.includes(parsed.source.key)) return;
    throw new AppError('BAD_INPUT', `No fixture source named ${parsed.source.key} (fixture sources: ${keys.join(', ') || 'none'})`);
  }

  /** Inserts the URL, then its link row, in one transaction. */
  async function addSource(cityKeyOrId: string, input: SourceInput): Promise<{ city: City; source: CityUrl }> {
    const row = readNewSource(input);
    const city = await resolveCity(db, cityKeyOrId);
    await refuseUnknownFixture(row.url);
    const source = await db.transaction().execute(async (trx) => {
      const identity = sourceIdentity(row.url);
      const existing = (await listUrlsForCity(trx, city.id)).find((source) => isSameSource(source, row.url, identity));
      if (existing) {
        const as = existing.url === row.url ? '' : ` as ${existing.url}`;
        throw new AppError('CONFLICT', `Source ${row.url} already exists for ${city.location_key}${as} (id ${existing.id})`);
      }
      const inserted = await insertUrl(trx, row);
      await linkUrlToCity(trx, city.id, inserted.id);
      return inserted;
    });
    return { city, source };
  }

  async function listSources(cityKeyOrId: string): Promise<{ city: City; sources: CityUrlWithStats[] }> {
    const city = await resolveCity(db, cityKeyOrId);
    return { city, sources: await listUrlsWithStatsForCity(db, city.id) };
  }

  async function describeSource(id: string): Promise<SourceDetails> {
    const source = await resolveSource(db, id);
    const [cityIds, videos] = await Promise.all([listCityIdsForUrl(db, source.id), countVideosForSource(db, source.id)]);
    const cities = await Promise.all(cityIds.map((cityId) => findCityById(db, cityId)));
    return { source, cities: cities.flatMap((city) => (city ? [city.location_key] : [])).sort(), videos };
  }

  /** Changed fields are checked together with the kept ones (a video URL must stay a YouTube address). */
  async function updateSource(id: string, input: Partial<SourceInput>): Promise<CityUrl> {
    const current = await resolveSource(db, id);
    if (Object.values(input).every((value) => value === undefined)) throw new AppError('BAD_INPUT', 'Nothing to update');
    const row = readNewSource({
      url: input.url ?? current.url,
      title: input.title ?? current.title ?? undefined,
      contentType: input.contentType ?? current.content_type ?? undefined,
      sourceType: input.sourceType ?? current.source_type ?? undefined,
      entityType: input.entityType ?? current.entity_type,
    });
    const updated = await updateUrl(db, current.id, row);
    if (!updated) throw notFoundError('source', current.id, 'URL not found');
    return updated;
  }

  /** Spec §7: link rows by url_id, then the URL. Its videos stay, no longer tied to a source. */
  async function removeSource(id: string): Promise<SourceDetails> {
    const details = await describeSource(id);
    await db.transaction().execute(async (trx) => {
      await unlinkUrl(trx, details.source.id);
      await deleteUrl(trx, details.source.id);
    });
    return details;
  }

  return {
    resolveSource: (id: string) => resolveSource(db, id),
    /** `civic source remove <id|url>`: the operator may paste the address instead of the id. */
    resolveSourceByIdOrUrl: (ref: string) => resolveSourceByIdOrUrl(db, ref),
    resolveSourceOfCity: (city: City, id: string) => resolveSourceOfCity(db, city, id), addSource, listSources, describeSource, updateSource, removeSource };
}

export type SourceService = ReturnType<typeof createSourceService>;
