import { AppError, isAppError, type NamedResource } from '../core/index.js';

/** How the CLI says that what the operator named does not exist: with the command that lists them. */
const UNKNOWN: Record<NamedResource, (ref: string) => string> = {
  city: (ref) => `Unknown city "${ref}" (civic city list shows the cities)`,
  source: (ref) => `Unknown source "${ref}" (civic source list shows the sources)`,
  video: (ref) => `Unknown video "${ref}" (civic video show --city <key> lists a city's videos)`,
};

function isNamed(details: unknown): details is { resource: NamedResource; ref: string } {
  if (typeof details !== 'object' || details === null) return false;
  const { resource, ref } = details as Record<string, unknown>;
  return typeof ref === 'string' && typeof resource === 'string' && resource in UNKNOWN;
}

/** Core's NOT_FOUND for a named city, source or video, reworded for a terminal; anything else as it is. */
export function inCliWords(error: unknown): unknown {
  if (!isAppError(error) || error.code !== 'NOT_FOUND' || !isNamed(error.details)) return error;
  return new AppError('NOT_FOUND', UNKNOWN[error.details.resource](error.details.ref), { cause: error });
}

/** Runs a core call, rewording its not-found errors for the terminal. */
export async function namedInCliWords<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    throw inCliWords(error);
  }
}
