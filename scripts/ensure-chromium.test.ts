import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const SCRIPT = path.join(ROOT, 'scripts/ensure-chromium.js');

interface Result {
  ok: boolean;
  message?: string;
}
interface World {
  env?: Record<string, string | undefined>;
  isRoot?: boolean;
  hasAptGet?: boolean;
  exists?: (file: string) => boolean;
  install?: () => boolean;
  say?: (line: string) => void;
}
const { ensureChromium, DEBIAN_CHROMIUM } = (await import(pathToFileURL(SCRIPT).href)) as {
  ensureChromium: (world: World) => Result;
  DEBIAN_CHROMIUM: string;
};

/** A machine whose files are `present`; counts the installs it is asked for. */
function machine(present: string[], world: Omit<World, 'exists'> = {}) {
  const files = new Set(present);
  let installs = 0;
  const result = ensureChromium({
    env: {},
    isRoot: false,
    hasAptGet: true,
    say: () => {},
    ...world,
    exists: (file) => files.has(file),
    install: () => {
      installs += 1;
      return world.install ? world.install() : (files.add(DEBIAN_CHROMIUM), true);
    },
  });
  return { result, installs };
}

describe('scripts/ensure-chromium.js', () => {
  it("is satisfied by Debian's chromium, and installs nothing", () => {
    expect(machine([DEBIAN_CHROMIUM], { isRoot: true })).toEqual({ result: { ok: true }, installs: 0 });
  });

  it('installs the package when it is missing and the user is root', () => {
    expect(machine([], { isRoot: true })).toEqual({ result: { ok: true }, installs: 1 });
  });

  it('names the command and CHROMIUM_PATH in one line when it may not install', () => {
    for (const world of [{ isRoot: false }, { isRoot: true, hasAptGet: false }]) {
      const { result, installs } = machine([], world);
      expect(installs).toBe(0);
      expect(result.ok).toBe(false);
      expect(result.message).toContain('apt-get install -y chromium');
      expect(result.message).toContain('CHROMIUM_PATH');
      expect(result.message).not.toContain('\n');
    }
  });

  it('says the install failed when apt-get does', () => {
    const { result } = machine([], { isRoot: true, install: () => false });
    expect(result.ok).toBe(false);
    expect(result.message).toMatch(/^apt-get could not install chromium/);
  });

  it('takes CHROMIUM_PATH as it is: a missing one fails without installing anything', () => {
    expect(machine(['/opt/chrome'], { env: { CHROMIUM_PATH: '/opt/chrome' } })).toEqual({ result: { ok: true }, installs: 0 });
    const { result, installs } = machine([DEBIAN_CHROMIUM], { isRoot: true, env: { CHROMIUM_PATH: '/no/such/chromium' } });
    expect(installs).toBe(0);
    expect(result.message).toMatch(/^CHROMIUM_PATH is \/no\/such\/chromium, which is not an executable file/);
  });

  it('exits 1 with the one line on stderr, before any test runs, when run as make test runs it', () => {
    const run = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, CHROMIUM_PATH: '/no/such/chromium' }, encoding: 'utf8' });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr.trim().split('\n')).toHaveLength(1);
    expect(run.stderr).toContain('CHROMIUM_PATH is /no/such/chromium');
  });

  it('exits 0 and prints nothing for a CHROMIUM_PATH that is an executable file', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'civic-chromium-'));
    const browser = path.join(dir, 'chromium');
    fs.writeFileSync(browser, '#!/bin/sh\n', { mode: 0o755 });
    try {
      const run = spawnSync(process.execPath, [SCRIPT], { env: { ...process.env, CHROMIUM_PATH: browser }, encoding: 'utf8' });
      expect(run.status).toBe(0);
      expect(run.stdout + run.stderr).toBe('');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
