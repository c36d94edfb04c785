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
import { v8FlagsFor } from './v8-flags.js';

// Short commands favour memory over speed; `serve` and `worker` keep V8's defaults
// (v8-flags.js says why). Set before anything is compiled or the loader thread starts.
const flags = v8FlagsFor(process.argv.slice(2));
if (flags) v8.setFlagsFromString(flags);

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
