import { AppError, type City, type CityUrl, type CityUrlWithStats, type Core, type SourceDetails } from '../../core/index.js';
import { resolveCityKey } from '../city-key.js';
import { namedInCliWords } from '../named-errors.js';
import { truncate, truncateKeepingCause } from '../ui/format.js';
import { outputWidth } from '../ui/table.js';
import { formatCount, formatUtcMinute } from '../../core/domain/format.js';
import { NO_CITY_URLS } from '../../core/domain/messages.js';

export interface SourceAddOptions {
  city: string;
  url: string;
  title?: string;
  sourceType?: string;
  contentType?: string;
  entityType?: string;
  json?: boolean;
}

export async function addSource(core: Core, options: SourceAddOptions): Promise<{ city: City; source: CityUrl }> {
  return namedInCliWords(core.sources.addSource(await resolveCityKey(core, options.city), {
    url: options.url,
    title: options.title,
    sourceType: options.sourceType,
    contentType: options.contentType,
    entityType: options.entityType,
  }));
}

export interface CitySources {
  city: City;
  sources: CityUrlWithStats[];
}

export async function listSources(core: Core, options: { city: string }): Promise<CitySources> {
  return namedInCliWords(core.sources.listSources(await resolveCityKey(core, options.city)));
}

/** `civic source list` without --city: every city's sources, in the order city list shows the cities. */
export async function listAllSources(core: Core): Promise<CitySources[]> {
  const cities = await core.cities.listCities();
  return Promise.all(cities.map((city) => core.sources.listSources(city.id)));
}

export function describeAllSources(lists: readonly CitySources[], width = outputWidth()): string {
  if (lists.length === 0) return 'No cities yet (civic city add --name <name> --state <state> --county <county> adds one)';
  return lists.map((list) => describeSourceList(list, width)).join('\n\n');
}

/** Like `db reset`, removal needs --yes; without it nothing changes and the message says what would go. */
export async function removeSource(core: Core, idOrUrl: string, options: { yes?: boolean }): Promise<SourceDetails> {
  const { id } = await namedInCliWords(core.sources.resolveSourceByIdOrUrl(idOrUrl));
  if (!options.yes) {
    const { source, cities, videos } = await namedInCliWords(core.sources.describeSource(id));
    throw new AppError(
      'BAD_INPUT',
      `This removes source ${source.url} from ${cities.join(', ') || 'no city'} (its ${formatCount(videos, 'video')} ${videos === 1 ? 'stays' : 'stay'}); run again with --yes to confirm`,
    );
  }
  return namedInCliWords(core.sources.removeSource(id));
}

export function describeAddedSource({ city, source }: { city: City; source: CityUrl }): string {
  return `Added ${source.content_type} source ${source.id} to ${city.location_key}: ${source.url}` +
    (source.content_type === 'video' ? `\nDiscover its videos with: civic ingest --city ${city.location_key} --source ${source.id}` : '');
}

/**
 * One block per source, as `city show` lists them: its id (what `source remove` and `ingest
 * --source` take) and title, then its type, videos and last discovery, then its address. Six
 * columns side by side cannot fit 80 columns with a 36-character id; each line here does.
 */
export function describeSourceList({ city, sources }: { city: City; sources: readonly CityUrlWithStats[] }, width = outputWidth()): string {
  if (sources.length === 0) return `${NO_CITY_URLS} (${city.location_key})`;
  const blocks = sources.map((source) => {
    const head = `${source.id}  `;
    // A failed discovery's reason ends the line: its cause is what survives a cut.
    const facts = `    ${source.content_type ?? '—'}/${source.source_type ?? '—'}  ${formatCount(source.videos, 'video')}  last discovery: `;
    return [
      `${head}${truncate(source.title ?? '(untitled)', width - head.length)}`,
      `${facts}${truncateKeepingCause(describeSync(source), width - facts.length)}`,
      `    ${truncateKeepingCause(source.url, width - 4)}`,
    ].join('\n');
  });
  return [`${city.location_key}: ${formatCount(sources.length, 'source')}`, ...blocks].join('\n');
}

function describeSync(source: CityUrlWithStats): string {
  if (!source.sync_status) return source.content_type === 'video' ? 'never' : '—';
  const when = formatUtcMinute(source.sync_finished_at);
  return source.sync_status === 'failed' ? `failed ${when}: ${source.sync_error ?? 'unknown error'}` : `${source.sync_status} ${when} (${source.sync_videos_found ?? 0} found)`;
}

export function describeRemovedSource({ source, cities, videos }: SourceDetails): string {
  return `Removed source ${source.id} (${source.url}) from ${cities.join(', ') || 'no city'}; its ${formatCount(videos, 'video')} ${videos === 1 ? 'was' : 'were'} kept`;
}
