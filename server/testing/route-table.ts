import type { Express } from 'express';

/** One route the app answers: an HTTP method and its path pattern (path-to-regexp v8 syntax). */
export interface RouteEntry {
  method: string;
  path: string;
}

interface Layer {
  rawPath?: unknown;
  route?: { path: unknown; methods: Record<string, boolean> };
  handle?: { stack?: Layer[] };
}

/**
 * Every route of the app, read from Express's own router (nested routers included), so a test
 * that walks them covers a route added later without anyone listing it. Express 5 keeps each
 * layer's path as written (`rawPath`; `route.path` for a route), mount points included.
 */
export function listRoutes(app: Express): RouteEntry[] {
  const router = (app as unknown as { router: { stack: Layer[] } }).router;
  return walk(router.stack, '');
}

function walk(stack: Layer[], prefix: string): RouteEntry[] {
  const routes: RouteEntry[] = [];
  for (const layer of stack) {
    if (layer.route) {
      for (const path of pathsOf(layer.route.path)) {
        for (const method of Object.keys(layer.route.methods)) routes.push({ method, path: join(prefix, path) });
      }
    } else if (layer.handle?.stack) {
      for (const path of pathsOf(layer.rawPath)) routes.push(...walk(layer.handle.stack, join(prefix, path)));
    }
  }
  return routes;
}

function pathsOf(path: unknown): string[] {
  if (typeof path === 'string') return [path];
  if (Array.isArray(path)) return path.filter((item): item is string => typeof item === 'string');
  // A RegExp route cannot be filled in: none exists today, and a test should notice one.
  throw new Error(`route path ${String(path)} is not a string pattern`);
}

function join(prefix: string, path: string): string {
  const joined = `${prefix}${path === '/' ? '' : path}`;
  return joined === '' ? '/' : joined;
}

/** The names of a pattern's parameters (`:id`, `*splat`). */
export function paramsOf(pattern: string): string[] {
  return [...pattern.matchAll(/[:*](\w+)/g)].map((match) => match[1]!);
}

/**
 * A URL for `pattern` with each parameter replaced by `valueOf(name)` (percent-encoded as it
 * should reach the server), the contents of optional groups `{…}` kept.
 */
export function fillPattern(pattern: string, valueOf: (name: string) => string): string {
  return pattern.replace(/[{}]/g, '').replace(/[:*](\w+)/g, (_match, name: string) => valueOf(name));
}
