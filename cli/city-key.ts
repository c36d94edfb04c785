import { AppError, type Core } from '../core/index.js';

/**
 * The city an operator typed with `--city`: keys are lowercase, but "Fairview-CA" means
 * fairview-ca. When nothing matches, the error names the nearest key, since a typo or a
 * missing state suffix ("fairview") is the usual cause.
 */
export async function resolveCityKey(core: Core, typed: string): Promise<string> {
  const wanted = typed.trim().toLowerCase();
  const keys = (await core.cities.listCities()).map((city) => city.location_key);
  const exact = keys.find((key) => key.toLowerCase() === wanted);
  if (exact) return exact;
  const nearest = nearestKey(wanted, keys);
  const hint = nearest ? `did you mean "${nearest}"? ` : '';
  throw new AppError('NOT_FOUND', `Unknown city "${typed.trim()}" (${hint}civic city list shows the cities)`);
}

/** The key that starts with what was typed, or else the closest by edit distance if it is close enough to be a typo. */
function nearestKey(typed: string, keys: readonly string[]): string | null {
  if (!typed) return null;
  const prefixed = keys.filter((key) => key.startsWith(typed));
  if (prefixed.length === 1) return prefixed[0] ?? null;
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(typed.length / 3)) + 1;
  for (const key of keys) {
    const distance = editDistance(typed, key);
    if (distance < bestDistance) [best, bestDistance] = [key, distance];
  }
  return best;
}

/** Levenshtein distance, one row at a time (keys are short). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      const substitution = (previous[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1);
      current.push(Math.min((previous[j] ?? 0) + 1, (current[j - 1] ?? 0) + 1, substitution));
    }
    previous = current;
  }
  return previous[b.length] ?? 0;
}
