/**
 * What a page's initial JavaScript is, from web/dist/.vite/manifest.json after a build: the
 * entry chunk, the page's route chunk and every chunk they import statically (what the browser
 * must load before the page runs; lazy imports come later, when wanted). Sizes are gzipped at
 * level 6, what compression middleware sends by default; kB are 1,000 bytes, as vite prints.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export interface ManifestChunk {
  file: string;
  /** The chunk's name (its first module's, or its group's): files are named by hash alone. */
  name?: string;
  isEntry?: boolean;
  imports?: string[];
}
export type Manifest = Record<string, ManifestChunk>;

export const DIST = path.resolve(import.meta.dirname, '../../web/dist');

export function readManifest(dist = DIST): Manifest {
  return JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
}

export function gzippedSize(file: string, dist = DIST): number {
  return zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 6 }).length;
}

/** A chunk and everything it imports statically. */
export function staticClosure(manifest: Manifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key)) return into;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  into.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(manifest, imported, into);
  return into;
}

export function entryKey(manifest: Manifest): string {
  const key = Object.keys(manifest).find((name) => manifest[name]!.isEntry);
  if (!key) throw new Error('no entry chunk in the manifest');
  return key;
}

/** The manifest keys a page loads before it runs: the entry's closure and its route's. */
export function initialChunks(manifest: Manifest, route: string): Set<string> {
  return staticClosure(manifest, route, staticClosure(manifest, entryKey(manifest)));
}
