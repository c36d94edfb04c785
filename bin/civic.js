#!/usr/bin/env node
// The `civic` launcher. It runs the compiled program (dist/cli/main.js, built by `make
// install`) while that build is fresh, which starts in a fraction of the time; otherwise
// (no build yet, or sources edited since) the TypeScript sources through tsx. Set
// CIVIC_FROM_SOURCE=1 to run the sources anyway. It must find its own package wherever it is
// called from: the real path (not a npm-link / npx symlink) gives the package root, and tsx
// gets that root's tsconfig explicitly because by default it reads the tsconfig of the
// working directory (and JSX in the Ink views breaks elsewhere).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import v8 from 'node:v8';
import { freshCompiledCli } from './compiled-cli.js';

// Every command but `serve` is one short process, often a cron batch on a small machine, so
// V8 is told to favour memory over speed: --liftoff-only keeps PGlite's WebAssembly on the
// baseline compiler (TurboFan re-compiling hot PostgreSQL functions costs ~50 MB and pays
// off only in long-running processes), --optimize-for-size keeps the JS heaps small, tsx's
// loader thread's too. On 2,000 videos (scripts/bench/discover-memory.bench.ts) peak RSS
// went from 393-430 MB to 240-251 MB for 10-25% more CPU time. Both must be set before
// anything is compiled or the loader thread starts. `civic serve` keeps V8's defaults.
const args = process.argv.slice(2);
// The first word that is neither an option nor the value of the global --env-file.
const command = args.find((arg, i) => !arg.startsWith('-') && args[i - 1] !== '--env-file');
if (command !== 'serve') v8.setFlagsFromString('--liftoff-only --optimize-for-size');

const root = path.resolve(path.dirname(realpathSync(fileURLToPath(import.meta.url))), '..');
const compiled = process.env.CIVIC_FROM_SOURCE ? null : freshCompiledCli(root);
let entry = compiled;
if (!entry) {
  // tsx is loaded only here: registering its loader is most of the source fallback's cost.
  const { register } = await import('tsx/esm/api');
  register({ tsconfig: path.join(root, 'tsconfig.json') });
  entry = path.join(root, 'cli', 'main.ts');
}

const cli = await import(pathToFileURL(entry).href);
// cli/main.ts either exports main(argv) or runs the program itself when imported.
if (typeof cli.main === 'function') {
  await cli.main(process.argv);
}
