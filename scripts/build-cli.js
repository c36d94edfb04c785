#!/usr/bin/env node
// Compiles the `civic` program to dist/ so it starts without compiling TypeScript at every run
// (bin/civic.js runs dist/cli/main.js while it is fresh, else the sources through tsx).
//   dist/cli/         cli/main.ts bundled with the cli, core and server code it reaches; each
//                     command's module and the other lazily imported ones are separate chunks,
//                     so a command loads only what it uses. npm packages stay external.
//   dist/migrations/  each migration on its own: core/db/migrate.ts imports them from a folder.
// Old chunks are kept, not deleted: a `civic serve` started from the previous build still
// imports its lazy chunks by their old (content-hashed) names. `make clean` removes dist/.
// Usage: node scripts/build-cli.js
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Builds into `outDir` (relative to the package root; tests build elsewhere than dist/). */
export async function buildCli({ outDir = 'dist' } = {}) {
  // Taken before esbuild reads anything: a file saved during the build makes it stale.
  const startedAt = Date.now();
  // esbuild comes with tsx (a dependency), so every install has it.
  const { build } = await import('esbuild');
  const common = { platform: 'node', format: 'esm', target: 'node20.19', logLevel: 'warning', absWorkingDir: root };
  const cli = await build({
    ...common,
    entryPoints: ['cli/main.ts'],
    bundle: true,
    packages: 'external',
    splitting: true,
    outdir: `${outDir}/cli`,
    jsx: 'automatic',
    tsconfig: 'tsconfig.json',
    sourcemap: 'linked',
    metafile: true,
  });
  const migrationsDir = path.join(root, 'migrations');
  const migrations = fs
    .readdirSync(migrationsDir)
    .filter((file) => /^\d{4}_[a-z0-9_]+\.ts$/.test(file))
    .map((file) => `migrations/${file}`);
  await build({ ...common, entryPoints: migrations, outdir: `${outDir}/migrations` });
  // The migrations folder itself is an input: a migration added or removed changes its mtime.
  const inputs = [...Object.keys(cli.metafile.inputs), ...migrations, 'migrations', 'bin/compiled-cli.js', 'scripts/build-cli.js'];
  // Written last: its presence means every output above is complete.
  fs.writeFileSync(path.join(root, outDir, 'cli/build-manifest.json'), `${JSON.stringify({ startedAt, inputs }, null, 1)}\n`);
  return { inputs: inputs.length, migrations: migrations.length };
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const built = await buildCli();
  process.stdout.write(`Built the civic CLI into dist/ (${built.inputs} source files, ${built.migrations} migrations)\n`);
}
