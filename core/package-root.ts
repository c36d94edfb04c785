import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * Where the package's own files are (migrations, demo fixtures, the built web app), wherever
 * the code runs from: the TypeScript sources, or the compiled CLI in dist/cli/ (one bundle
 * whose chunks sit at another depth than the sources they came from). Paths relative to
 * `import.meta.url` would differ between the two, so every such path starts here instead.
 */
const here = fileURLToPath(import.meta.url);

/** True when running the compiled bundle (dist/), which cannot import .ts files such as the migrations. */
const RUNNING_COMPILED = !/\.tsx?$/.test(here);

function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const PACKAGE_ROOT = findPackageRoot(path.dirname(here));

/** The folder the migration files are loaded from: the sources, or their compiled copies in dist/. */
export const MIGRATIONS_DIR = path.join(PACKAGE_ROOT, RUNNING_COMPILED ? 'dist/migrations' : 'migrations');
