#!/usr/bin/env node
// The `civic` launcher. It runs the TypeScript sources through tsx, so it must find its own
// package wherever it is called from: the real path (not a npm-link / npx symlink) gives the
// package root, and tsx gets that root's tsconfig explicitly because by default it reads the
// tsconfig of the working directory (and JSX in the Ink views breaks elsewhere).
import { realpathSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { register } from 'tsx/esm/api';

const root = path.resolve(path.dirname(realpathSync(fileURLToPath(import.meta.url))), '..');
register({ tsconfig: path.join(root, 'tsconfig.json') });

const cli = await import(pathToFileURL(path.join(root, 'cli', 'main.ts')).href);
// cli/main.ts either exports main(argv) or runs the program itself when imported.
if (typeof cli.main === 'function') {
  await cli.main(process.argv);
}
