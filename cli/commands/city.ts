import { AppError, type City, type CityDetails, type CityInput, type CityRemoval, type CityWithCounts, type Core } from '../../core/index.js';
import { resolveCityKey } from '../city-key.js';
import { namedInCliWords } from '../named-errors.js';
import { formatTable, outputWidth } from '../ui/table.js';
import { formatCount, formatUtcMinute } from '../../core/domain/format.js';
import { NO_CITY_URLS } from '../../core/domain/messages.js';

/** The flags of `civic city add` and `civic city update`, as commander names them. */
export interface CityFlags {
  name?: string;
  county?: string;
  state?: string;
  key?: string;
  description?: string;
  tagLine?: string;
  domain?: string;
  primaryColor?: string;
  secondaryColor?: string;
  icon?: string;
  imageUrl?: string;
  status?: string;
  storyReview?: string;
  json?: boolean;
}

const FIELD_FLAGS: Record<keyof CityInput, string> = {
  name: '--name',
  county: '--county',
  state: '--state',
  key: '--key',
  description: '--description',
  tagLine: '--tag-line',
  domain: '--domain',
  primaryColor: '--primary-color',
  secondaryColor: '--secondary-color',
  icon: '--icon',
  imageUrl: '--image-url',
  status: '--status',
  storyReview: '--story-review',
};

function cityInput(flags: CityFlags): CityInput {
  const input: CityInput = {};
  for (const field of Object.keys(FIELD_FLAGS) as (keyof CityInput)[]) {
    const value = flags[field];
    if (value !== undefined) input[field] = value;
  }
  return input;
}

const STATE_HINT = 'the US state as a 2-letter code or its name (e.g. --state MN)';

/**
 * What `civic city add` lacks, all of it at once (one retry, not three), or null. The state is
 * required here (the admin form's CA default once made Minneapolis "minneapolis-ca"
 * unnoticed); the key and everything else may default.
 */
export function cityAddProblem(flags: CityFlags): string | null {
  const missing = (['name', 'county', 'state'] as const).filter((field) => !flags[field]?.trim()).map((field) => FIELD_FLAGS[field]);
  if (missing.length === 0) return null;
  const list = missing.length === 1 ? missing[0] : `${missing.slice(0, -1).join(', ')} and ${missing.at(-1)}`;
  const state = !missing.includes('--state') ? '' : missing.length === 1 ? `: ${STATE_HINT}` : `; --state is ${STATE_HINT}`;
  return `city add needs ${list}${state}`;
}

/** Refuses an incomplete `city add` before the database is opened. */
export function checkCityAdd(flags: CityFlags): void {
  const problem = cityAddProblem(flags);
  if (problem) throw new AppError('BAD_INPUT', problem);
}

export async function addCity(core: Core, flags: CityFlags): Promise<City> {
  checkCityAdd(flags);
  return core.cities.addCity(cityInput(flags));
}

/** Asks the person at the terminal a yes/no question; absent when nobody is there to answer. */
export type Confirm = (question: string) => Promise<boolean>;

/**
 * `civic city remove`: says what goes, then needs --yes or a "y" at the terminal. Without
 * either (cron, a pipe) nothing changes and the error says how to confirm.
 */
export async function removeCity(core: Core, typed: string, options: { yes?: boolean }, confirm?: Confirm): Promise<CityRemoval> {
  const key = await resolveCityKey(core, typed);
  if (!options.yes) {
    const removal = await namedInCliWords(core.cities.describeCityRemoval(key));
    const what = describeCityRemoval(removal, 'This removes');
    if (!confirm) throw new AppError('BAD_INPUT', `${what}; run again with --yes to confirm`);
    if (!(await confirm(`${what}.\nRemove ${removal.city.location_key}? [y/N] `))) throw new AppError('BAD_INPUT', 'Nothing removed');
  }
  return namedInCliWords(core.cities.removeCity(key));
}

/** One line: the city and everything that goes with it, in counts. */
export function describeCityRemoval(removal: CityRemoval, verb: 'This removes' | 'Removed'): string {
  const { city } = removal;
  const parts = [
    `${formatCount(removal.sources, 'source link')}${removal.sharedSources > 0 ? ` (and unlinks ${removal.sharedSources} shared with other cities)` : ''}`,
    formatCount(removal.videos, 'video'),
    `${formatCount(removal.transcripts, 'transcript')} (${formatCount(removal.segments, 'segment')})`,
    formatCount(removal.analyses, 'analysis', 'analyses'),
    formatCount(removal.stories, 'story', 'stories'),
  ];
  const listings = removal.listings > 0 ? `; its ${formatCount(removal.listings, 'business listing')} ${removal.listings === 1 ? 'stays' : 'stay'}, without a city` : '';
  return `${verb} city ${city.location_key} (${city.name}, ${city.state}) with ${parts.join(', ')}${listings}`;
}

export async function listCities(core: Core, options: { status?: string }): Promise<CityWithCounts[]> {
  return core.cities.listCitiesWithCounts(options.status === undefined ? {} : { status: options.status });
}

export async function showCity(core: Core, key: string): Promise<CityDetails> {
  return namedInCliWords(core.cities.showCity(await resolveCityKey(core, key)));
}

export async function updateCity(core: Core, key: string, flags: CityFlags): Promise<City> {
  const input = cityInput(flags);
  if (Object.keys(input).length === 0) {
    throw new AppError('BAD_INPUT', `Nothing to update: give at least one of ${Object.values(FIELD_FLAGS).join(', ')}`);
  }
  return namedInCliWords(core.cities.updateCity(await resolveCityKey(core, key), input));
}

export function describeCity(city: City, verb: 'Created' | 'Updated'): string {
  const review = city.story_review ? ', stories wait for review' : '';
  return `${verb} city ${city.location_key}: ${city.name}, ${city.state} (${city.county ?? 'no county'}), status ${city.status}${review}`;
}

export function describeCityList(cities: readonly CityWithCounts[], width = outputWidth()): string {
  if (cities.length === 0) return 'No cities yet (civic city add --name <name> --state <state> --county <county> adds one)';
  return formatTable(
    ['KEY', 'NAME', 'STATE', 'STATUS', 'SOURCES', 'VIDEOS'],
    cities.map((city) => [city.location_key, city.name, city.state, city.status, String(city.sources), String(city.videos)]),
    // The key is what the next command takes: the name gives way instead.
    { width, cut: { 1: 'end' } },
  );
}

export function describeCityDetails(details: CityDetails): string {
  const { city, sources, videos, stages } = details;
  const field = (label: string, value: string | null) => `  ${`${label}:`.padEnd(16)}${value ?? '—'}`;
  const lines = [
    `${city.name}, ${city.state} (${city.location_key})`,
    field('County', city.county),
    field('Status', city.status),
    field('Tag line', city.tag_line),
    field('Domain', city.domain),
    field('Colours', `${city.primary_color} / ${city.secondary_color}`),
    field('Icon', city.icon),
    field('Image', city.image_url),
    field('Description', city.description),
    field('Created', formatUtcMinute(city.created_at)),
    '',
    `Videos: ${videos.total} total, ${videos.with_transcript} with transcript, ${videos.analysed} analysed, ${videos.with_story} with story`,
  ];
  if (stages.length > 0) {
    const byStage = new Map<string, string[]>();
    for (const { stage, status, count } of stages) byStage.set(stage, [...(byStage.get(stage) ?? []), `${count} ${status}`]);
    for (const [stage, counts] of byStage) lines.push(`  ${stage.padEnd(11)}${counts.join(', ')}`);
  }
  lines.push('', sources.length === 0 ? NO_CITY_URLS : `Sources (${sources.length}):`);
  for (const source of sources) {
    lines.push(`  ${source.id}  ${source.content_type ?? '—'}/${source.source_type ?? '—'}  ${formatCount(source.videos, 'video')}  ${source.title ?? '(untitled)'}`);
    lines.push(`      ${source.url}`);
  }
  return lines.join('\n');
}
