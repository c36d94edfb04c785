/**
 * Which route a pathname is: the patterns of core/domain/site-paths.ts (`/city/:locationKey`,
 * static segments and `:params` only) and `*` for everything else. Static segments match
 * without regard to case and a trailing slash does not matter, as with react-router before.
 */
export type Params = Record<string, string | undefined>;

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is kept as typed: the page then says it knows no such thing.
    return segment;
  }
}

/** The params of `pathname` under `pattern`, or null when it does not match. */
function matchPath(pattern: string, pathname: string): Params | null {
  if (pattern === '*') return {};
  const wanted = segmentsOf(pattern);
  const given = segmentsOf(pathname);
  if (wanted.length !== given.length) return null;
  const params: Params = {};
  for (const [index, want] of wanted.entries()) {
    const value = decode(given[index]!);
    if (want.startsWith(':')) params[want.slice(1)] = value;
    else if (want.toLowerCase() !== value.toLowerCase()) return null;
  }
  return params;
}

/** More static segments first, so `/admin/proto/pricing` wins over a `:param` at its place; `*` last. */
function rank(pattern: string): number {
  if (pattern === '*') return -1;
  return segmentsOf(pattern).reduce((score, segment) => score + (segment.startsWith(':') ? 3 : 10), 0);
}

/** The best route for `pathname` (the first of equals) with its params; null when none matches. */
export function matchRoutes<R extends { path: string }>(routes: readonly R[], pathname: string): { route: R; params: Params } | null {
  let best: { route: R; params: Params; score: number } | null = null;
  for (const route of routes) {
    const params = matchPath(route.path, pathname);
    const score = rank(route.path);
    if (params && (!best || score > best.score)) best = { route, params, score };
  }
  return best && { route: best.route, params: best.params };
}
