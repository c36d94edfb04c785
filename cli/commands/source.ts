import { AppError, type City, type CityUrl, type CityUrlWithStats, type Core, type SourceDetails } from '../../core/index.js';
import { resolveCityKey } from '../city-key.js';
import { namedInCliWords } from '../named-errors.js';
import { formatDateTime, formatTable } from '../ui/table.js';

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

export async function listSources(core: Core, options: { city: string }): Promise<{ city: City; sources: CityUrlWithStats[] }> {
  return namedInCliWords(core.sources.listSources(await resolveCityKey(core, options.city)));
}

/** Like `db reset`, removal needs --yes; without it nothing changes and the message says what would go. */
export async function removeSource(core: Core, idOrUrl: string, options: { yes?: boolean }): Promise<SourceDetails> {
  const { id } = await namedInCliWords(core.sources.resolveSourceByIdOrUrl(idOrUrl));
  if (!options.yes) {
    const { source, cities, videos } = await namedInCliWords(core.sources.describeSource(id));
    throw new AppError(
      'BAD_INPUT',
      `This removes source ${source.url} from ${cities.join(', ') || 'no city'} (its ${videos} video(s) stay); run again with --yes to confirm`,
    );
  }
  return namedInCliWords(core.sources.removeSource(id));
}

export function describeAddedSource({ city, source }: { city: City; source: CityUrl }): string {
  return `Added ${source.content_type} source ${source.id} to ${city.location_key}: ${source.url}` +
    (source.content_type === 'video' ? `\nDiscover its videos with: civic ingest --city ${city.location_key} --source ${source.id}` : '');
}

export function describeSourceList({ city, sources }: { city: City; sources: readonly CityUrlWithStats[] }): string {
  if (sources.length === 0) return `No URLs found for this city (${city.location_key})`;
  return formatTable(
    ['ID', 'TITLE', 'TYPE', 'VIDEOS', 'LAST DISCOVERY', 'URL'],
    sources.map((source) => [
      source.id,
      source.title ?? '—',
      `${source.content_type ?? '—'}/${source.source_type ?? '—'}`,
      String(source.videos),
      describeSync(source),
      source.url,
    ]),
  );
}

function describeSync(source: CityUrlWithStats): string {
  if (!source.sync_status) return source.content_type === 'video' ? 'never' : '—';
  const when = formatDateTime(source.sync_finished_at);
  return source.sync_status === 'failed' ? `failed ${when}: ${source.sync_error ?? 'unknown error'}` : `${source.sync_status} ${when} (${source.sync_videos_found ?? 0} found)`;
}

export function describeRemovedSource({ source, cities, videos }: SourceDetails): string {
  return `Removed source ${source.id} (${source.url}) from ${cities.join(', ') || 'no city'}; its ${videos} video(s) were kept`;
}
