// Finds the compiled `civic` (dist/cli/main.js, built by `make install` through
// scripts/build-cli.js) and tells whether it is still what the sources say. Plain JavaScript
// and only node: builtins, because the launcher runs it before anything else is loaded.
import fs from 'node:fs';
import path from 'node:path';

export const COMPILED_MAIN = 'dist/cli/main.js';
/** Written last by a build: when it started and every file it read. */
export const BUILD_MANIFEST = 'dist/cli/build-manifest.json';

/**
 * The compiled entry point, or null when there is none or when any file it was built from
 * changed (or went away) since the build started: then the sources are run instead, so a
 * developer's edit is never hidden behind an old build.
 */
export function freshCompiledCli(root) {
  let manifest;
  try {
    manifest = JSON.parse(fs.readFileSync(path.join(root, BUILD_MANIFEST), 'utf8'));
  } catch {
    return null;
  }
  const { startedAt, inputs } = manifest;
  if (typeof startedAt !== 'number' || !Array.isArray(inputs) || inputs.length === 0) return null;
  for (const input of inputs) {
    const stat = fs.statSync(path.join(root, input), { throwIfNoEntry: false });
    if (!stat || stat.mtimeMs > startedAt) return null;
  }
  const main = path.join(root, COMPILED_MAIN);
  return fs.existsSync(main) ? main : null;
}
