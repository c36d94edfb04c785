/** A query's name: an array of JSON values, most general first (`['cities', key, 'videos']`). */
export type QueryKey = readonly unknown[];

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && Object.getPrototypeOf(value) === Object.prototype;

/** A key's identity: its JSON with each object's fields in order, so `{a, b}` and `{b, a}` name one query. */
export function hashKey(key: QueryKey): string {
  return JSON.stringify(key, (_, value: unknown) =>
    isPlainObject(value) ? Object.fromEntries(Object.keys(value).sort().map((field) => [field, value[field]])) : value,
  );
}

/**
 * Whether `key` begins with `prefix`: `['admin', 'video']` matches `['admin', 'video', id]`. An
 * object in the prefix matches one that has at least its fields.
 */
export function matchesKey(key: unknown, prefix: unknown): boolean {
  if (key === prefix) return true;
  if (typeof key !== 'object' || typeof prefix !== 'object' || key === null || prefix === null) return false;
  return Object.keys(prefix).every((field) => matchesKey((key as Record<string, unknown>)[field], (prefix as Record<string, unknown>)[field]));
}

/**
 * `next`, keeping each part that equals `previous`'s as `previous`'s own object: an answer read
 * again that changed nothing keeps its identity, so effects and memos that depend on it do not
 * run again (a form reset to its saved values, say).
 */
export function replaceEqualDeep<T>(previous: unknown, next: T): T {
  if (previous === next) return next;
  const arrays = Array.isArray(previous) && Array.isArray(next);
  if (!arrays && !(isPlainObject(previous) && isPlainObject(next))) return next;
  const before = previous as Record<string, unknown>;
  const after = next as Record<string, unknown>;
  const fields = Object.keys(after);
  const copy: Record<string, unknown> = arrays ? ([] as unknown as Record<string, unknown>) : {};
  let same = fields.length === Object.keys(before).length;
  for (const field of fields) {
    copy[field] = replaceEqualDeep(before[field], after[field]);
    if (copy[field] !== before[field] || !Object.hasOwn(before, field)) same = false;
  }
  return (same ? previous : copy) as T;
}
