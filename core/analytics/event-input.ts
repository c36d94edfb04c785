import { AppError } from '../errors.js';

/** Bounds on what a visitor's browser may store per event. */
export const EVENT_LIMITS = {
  nameLength: 64,
  properties: 20,
  keyLength: 64,
  stringValueLength: 500,
  propertiesBytes: 4096,
  pathLength: 512,
} as const;

type EventValue = string | number | boolean | null;

export interface EventInput {
  name?: unknown;
  properties?: unknown;
  path?: unknown;
}

export interface EventRow {
  name: string;
  properties: Record<string, EventValue>;
  path: string | null;
}

const NAME = /^[a-z][a-z0-9_]{0,63}$/;
const KEY = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
const bad = (message: string) => new AppError('BAD_INPUT', message);

/**
 * A first-party analytics event (design §6): a snake_case name, flat properties of bounded
 * size and the page path without query or fragment. Nothing identifying the visitor is read
 * here: the caller never passes an address, user agent or user id, and there is no column for one.
 */
export function readEvent(input: EventInput): EventRow {
  if (typeof input.name !== 'string' || !NAME.test(input.name)) {
    throw bad('Event name must be snake_case: a lowercase letter, then up to 63 lowercase letters, digits or underscores');
  }
  return { name: input.name, properties: readProperties(input.properties), path: readPath(input.path) };
}

function readProperties(value: unknown): Record<string, EventValue> {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw bad('Event properties must be an object');
  const entries = Object.entries(value);
  if (entries.length > EVENT_LIMITS.properties) throw bad(`At most ${EVENT_LIMITS.properties} event properties`);
  const properties: Record<string, EventValue> = {};
  for (const [key, item] of entries) {
    if (!KEY.test(key)) throw bad(`Invalid event property name "${key.slice(0, EVENT_LIMITS.keyLength)}"`);
    if (typeof item === 'string') {
      if (item.length > EVENT_LIMITS.stringValueLength) throw bad(`Event property "${key}" is longer than ${EVENT_LIMITS.stringValueLength} characters`);
    } else if (typeof item === 'number') {
      if (!Number.isFinite(item)) throw bad(`Event property "${key}" must be a finite number`);
    } else if (typeof item !== 'boolean' && item !== null) {
      throw bad(`Event property "${key}" must be a string, number, boolean or null`);
    }
    properties[key] = item as EventValue;
  }
  if (Buffer.byteLength(JSON.stringify(properties)) > EVENT_LIMITS.propertiesBytes) {
    throw bad(`Event properties are larger than ${EVENT_LIMITS.propertiesBytes} bytes`);
  }
  return properties;
}

/** Only the path: a query string or fragment may carry what a visitor typed. */
function readPath(value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !value.startsWith('/')) throw bad('Event path must start with /');
  const path = value.split(/[?#]/, 1)[0] ?? '';
  if (path.length > EVENT_LIMITS.pathLength) throw bad(`Event path is longer than ${EVENT_LIMITS.pathLength} characters`);
  return path;
}
