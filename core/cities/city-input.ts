import type { CityUpdate, NewCity } from '../db/schema.js';
import { CITY_STATUSES, type CityStatus } from '../domain/enums.js';
import { locationKey, slugify } from '../domain/slug.js';
import { AppError } from '../errors.js';
import { toStateCode } from '../domain/us-states.js';
import { NAME_AND_COUNTY_REQUIRED } from '../domain/messages.js';

/** The city form's fields (spec §3), as an operator or an admin screen gives them. */
export interface CityInput {
  name?: string | undefined;
  county?: string | undefined;
  state?: string | undefined;
  key?: string | undefined;
  description?: string | undefined;
  tagLine?: string | undefined;
  domain?: string | undefined;
  primaryColor?: string | undefined;
  secondaryColor?: string | undefined;
  icon?: string | undefined;
  imageUrl?: string | undefined;
  status?: string | undefined;
  /** Publish stories only after an editor approves them (issue 24): on/off, review/automatic, true/false. */
  storyReview?: string | boolean | undefined;
}

/** Spec §5, create city. */
const DEFAULT_STATE = 'CA';
const DEFAULT_STATUS: CityStatus = 'New';

const KEY_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const COLOR_PATTERN = /^#[0-9A-Fa-f]{6}$/;

/** `field` is the form's (and api.md's) name of the field at fault, so the admin form shows the message under it. */
const bad = (message: string, field: string) => new AppError('BAD_INPUT', message, { details: { field } });

/** A new city row: name and county required, state 'CA' and status 'New' by default, key from name and state. */
export function readNewCity(input: CityInput): NewCity {
  const name = input.name?.trim() ?? '';
  const county = input.county?.trim() ?? '';
  if (!name || !county) throw bad(NAME_AND_COUNTY_REQUIRED, name ? 'county' : 'name');
  const state = readState(input.state ?? DEFAULT_STATE);
  return {
    ...readOptionalFields(input),
    name,
    county,
    state,
    location_key: input.key === undefined ? defaultKey(name, state) : readKey(input.key),
    status: readStatus(input.status ?? DEFAULT_STATUS),
    ...(input.storyReview === undefined ? {} : { story_review: readStoryReview(input.storyReview) }),
  };
}

/** Only the fields given; an empty optional field clears it. Throws when nothing is given. */
export function readCityChanges(input: CityInput): CityUpdate {
  const changes: CityUpdate = { ...readOptionalFields(input) };
  for (const field of ['name', 'county'] as const) {
    const value = input[field];
    if (value === undefined) continue;
    if (!value.trim()) throw bad(NAME_AND_COUNTY_REQUIRED, field);
    changes[field] = value.trim();
  }
  if (input.state !== undefined) changes.state = readState(input.state);
  if (input.key !== undefined) changes.location_key = readKey(input.key);
  if (input.status !== undefined) changes.status = readStatus(input.status);
  if (input.storyReview !== undefined) changes.story_review = readStoryReview(input.storyReview);
  if (Object.keys(changes).length === 0) throw new AppError('BAD_INPUT', 'Nothing to update');
  return changes;
}

function readState(input: string): string {
  const code = toStateCode(input);
  if (!code) throw bad(`Unknown state "${input.trim()}": give one of the 50 US states, as a 2-letter code (CA) or its name (California)`, 'state');
  return code;
}

export function readStatus(input: string): CityStatus {
  const status = CITY_STATUSES.find((value) => value.toLowerCase() === input.trim().toLowerCase());
  if (!status) throw bad(`Unknown status "${input.trim()}": one of ${CITY_STATUSES.join(', ')}`, 'status');
  return status;
}

const REVIEW_WORDS: Record<string, boolean> = { on: true, review: true, true: true, yes: true, off: false, automatic: false, false: false, no: false };

/** Whether a city's stories wait for review: a boolean from the API, a word from the CLI. */
function readStoryReview(input: string | boolean): boolean {
  if (typeof input === 'boolean') return input;
  const value = REVIEW_WORDS[input.trim().toLowerCase()];
  if (value === undefined) throw bad(`Unknown story review "${input.trim()}": "review" (an editor approves each story) or "automatic" (published at once)`, 'story_review');
  return value;
}

function readKey(input: string): string {
  const key = input.trim();
  if (!KEY_PATTERN.test(key)) throw bad(`Invalid location key "${key}": lowercase letters and digits joined by single hyphens, e.g. fairview-ca`, 'location_key');
  return key;
}

function defaultKey(name: string, state: string): string {
  if (!slugify(name)) throw bad(`Cannot make a location key from the name "${name}"; give one explicitly`, 'location_key');
  return locationKey(name, state);
}

type OptionalFields = Pick<NewCity, 'description' | 'tag_line' | 'domain' | 'primary_color' | 'secondary_color' | 'icon' | 'image_url'>;

function readOptionalFields(input: CityInput): OptionalFields {
  const fields: OptionalFields = {};
  if (input.description !== undefined) fields.description = orNull(input.description);
  if (input.tagLine !== undefined) fields.tag_line = orNull(input.tagLine);
  if (input.icon !== undefined) fields.icon = orNull(input.icon);
  if (input.domain !== undefined) fields.domain = readDomain(input.domain);
  if (input.imageUrl !== undefined) fields.image_url = readImageUrl(input.imageUrl);
  if (input.primaryColor !== undefined) fields.primary_color = readColor(input.primaryColor, 'primary');
  if (input.secondaryColor !== undefined) fields.secondary_color = readColor(input.secondaryColor, 'secondary');
  return fields;
}

function orNull(value: string): string | null {
  const text = value.trim();
  return text === '' ? null : text;
}

function readColor(input: string, which: string): string {
  const color = input.trim();
  if (!COLOR_PATTERN.test(color)) throw bad(`Invalid ${which} colour "${color}": expected #RRGGBB, e.g. #3B82F6`, `${which}_color`);
  return color.toUpperCase();
}

function readDomain(input: string): string | null {
  const domain = orNull(input);
  if (domain !== null && /\s/.test(domain)) throw bad(`Invalid domain "${domain}"`, 'domain');
  return domain;
}

function readImageUrl(input: string): string | null {
  const text = orNull(input);
  if (text === null) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw bad(`Invalid image URL "${text}": expected an http(s) address`, 'image_url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw bad(`Invalid image URL "${text}": expected an http(s) address`, 'image_url');
  return text;
}
