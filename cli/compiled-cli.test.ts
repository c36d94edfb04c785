import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
// @ts-expect-error: the launcher's helper is plain JavaScript (it runs before anything is compiled).
import { BUILD_MANIFEST, COMPILED_MAIN, freshCompiledCli } from '../bin/compiled-cli.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

describe('freshCompiledCli (which program bin/civic.js runs)', () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-build-'));
    await fs.mkdir(path.join(root, 'cli'), { recursive: true });
    await fs.mkdir(path.join(root, 'dist/cli'), { recursive: true });
    await fs.writeFile(path.join(root, 'cli/main.ts'), 'export {};\n');
    await fs.writeFile(path.join(root, COMPILED_MAIN), 'export {};\n');
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  async function writeManifest(startedAt: number, inputs = ['cli/main.ts']) {
    await fs.writeFile(path.join(root, BUILD_MANIFEST), JSON.stringify({ startedAt, inputs }));
  }

  it('runs the build while no file it was made from has changed since', async () => {
    await writeManifest(Date.now() + 1000);
    expect(freshCompiledCli(root)).toBe(path.join(root, COMPILED_MAIN));
  });

  it('falls back to the sources when one was edited after the build started', async () => {
    await writeManifest(Date.now() - 60_000);
    expect(freshCompiledCli(root)).toBeNull();
  });

  it('falls back when a source is gone, the build is missing or its manifest unreadable', async () => {
    await writeManifest(Date.now() + 1000, ['cli/main.ts', 'cli/removed.ts']);
    expect(freshCompiledCli(root)).toBeNull();
    await writeManifest(Date.now() + 1000);
    await fs.rm(path.join(root, COMPILED_MAIN));
    expect(freshCompiledCli(root)).toBeNull();
    await fs.writeFile(path.join(root, BUILD_MANIFEST), '{ not json');
    expect(freshCompiledCli(root)).toBeNull();
  });

});

describe('scripts/build-cli.js', () => {
  // Inside dist/ (ignored by git), so the bundle finds node_modules as the real one does.
  const outDir = `dist/test-build-${process.pid}`;
  afterEach(async () => {
    await fs.rm(path.join(ROOT, outDir), { recursive: true, force: true });
  });

  it('compiles a CLI that runs, and a manifest naming its sources and migrations', { timeout: 120_000 }, async () => {
    const { buildCli } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-cli.js')).href)) as {
      buildCli: (options: { outDir: string }) => Promise<unknown>;
    };
    await buildCli({ outDir });
    const manifest = JSON.parse(await fs.readFile(path.join(ROOT, outDir, 'cli/build-manifest.json'), 'utf8')) as { inputs: string[] };
    expect(manifest.inputs).toEqual(expect.arrayContaining(['cli/main.ts', 'core/package-root.ts', 'migrations', 'migrations/0001_create_cities.ts']));
    const migrations = await fs.readdir(path.join(ROOT, outDir, 'migrations'));
    expect(migrations).toContain('0001_create_cities.js');

    const main = pathToFileURL(path.join(ROOT, outDir, 'cli/main.js')).href;
    const { stdout } = await promisify(execFile)(process.execPath, ['--input-type=module', '-e', `(await import('${main}')).main([...process.argv.slice(0, 1), 'civic', '--help'])`], {
      cwd: os.tmpdir(),
      env: { PATH: process.env.PATH, HOME: process.env.HOME },
    });
    expect(stdout).toContain('Usage: civic [options] [command]');
    expect(stdout).toContain('report');
  });
});
