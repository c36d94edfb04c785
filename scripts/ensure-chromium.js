#!/usr/bin/env node
// Makes sure the browser the browser tests (web/e2e) drive is there before `make test` runs
// them: without it every e2e file fails with a launch error, a wall of text that hides the fix.
//   CHROMIUM_PATH set      that binary must exist; nothing is installed.
//   /usr/bin/chromium      Debian's package, present: nothing to do.
//   missing, as root       `apt-get install -y chromium` (Debian's package: no browser download).
//   missing, otherwise     one line naming the command and CHROMIUM_PATH, and exit 1.
// Usage: node scripts/ensure-chromium.js
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { fileURLToPath } from 'node:url';

/** Where Debian's chromium package puts the browser (web/e2e/support/chromium.ts launches it). */
export const DEBIAN_CHROMIUM = '/usr/bin/chromium';

export const INSTALL_COMMAND = 'sudo apt-get install -y chromium';

/** The one line shown when the browser is missing and this process may not install it. */
export function missingMessage(wanted) {
  return (
    `The browser tests need Chromium at ${wanted}, which is missing: install Debian's package ` +
    `(${INSTALL_COMMAND}) or set CHROMIUM_PATH to another Chromium binary.`
  );
}

function isExecutable(file) {
  try {
    fs.accessSync(file, fs.constants.X_OK);
    return fs.statSync(file).isFile();
  } catch {
    return false;
  }
}

function aptInstall() {
  const quiet = { stdio: ['ignore', 'ignore', 'inherit'], env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } };
  for (const args of [['update', '-qq'], ['install', '-y', '-qq', 'chromium']]) {
    const run = spawnSync('apt-get', args, quiet);
    if (run.error || run.status !== 0) return false;
  }
  return true;
}

/**
 * What to do about the browser. Returns `{ ok: true }` when it is (or now is) there, else
 * `{ ok: false, message }`. The world is passed in so tests can try every branch.
 */
export function ensureChromium({
  env = process.env,
  isRoot = process.getuid?.() === 0,
  hasAptGet = spawnSync('apt-get', ['--version'], { stdio: 'ignore' }).status === 0,
  exists = isExecutable,
  install = aptInstall,
  say = (line) => console.log(line),
} = {}) {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    // Someone pointed at a browser of their own: installing Debian's would not help them.
    return exists(chosen) ? { ok: true } : { ok: false, message: `CHROMIUM_PATH is ${chosen}, which is not an executable file: point it at a Chromium binary, or unset it to use Debian's package (${INSTALL_COMMAND}).` };
  }
  if (exists(DEBIAN_CHROMIUM)) return { ok: true };
  if (!isRoot || !hasAptGet) return { ok: false, message: missingMessage(DEBIAN_CHROMIUM) };
  say(`The browser tests need Debian's chromium: installing it (apt-get install -y chromium)…`);
  if (install() && exists(DEBIAN_CHROMIUM)) return { ok: true };
  return { ok: false, message: `apt-get could not install chromium (its error is above): ${missingMessage(DEBIAN_CHROMIUM)}` };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const result = ensureChromium();
  if (!result.ok) {
    console.error(result.message);
    process.exit(1);
  }
}
