import { spawn } from 'node:child_process';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { stripVTControlCharacters } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CIVIC_BIN, runCivic } from '../testing/run-civic.js';

// util-linux's `script` gives the child a real pseudo-terminal, as an operator's shell would:
// only then does `civic ingest` draw its live display. Debian and CI images have it.
const SCRIPT = '/usr/bin/script';
const ESC = String.fromCharCode(27);
const SGR = new RegExp(`${ESC}\\[[0-9;]*m`);

/** Runs civic in an 80x40 terminal; returns everything it drew and its exit code. */
function runInTerminal(args: string[], env: Record<string, string>): Promise<{ code: number | null; screen: string }> {
  const command = `stty cols 80 rows 40; exec ${[process.execPath, CIVIC_BIN, ...args].map((arg) => `'${arg}'`).join(' ')}`;
  return new Promise((resolve, reject) => {
    // -e: the child's exit code; -q: no "Script started" banner; the typescript file is thrown away.
    const child = spawn(SCRIPT, ['-qec', command, '/dev/null'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, TERM: 'xterm-256color', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let screen = '';
    child.stdout.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
    child.stderr.on('data', (chunk: Buffer) => (screen += chunk.toString('utf8')));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, screen }));
  });
}

describe.skipIf(!fs.existsSync(SCRIPT))('civic ingest at a terminal (child process in a pseudo-terminal)', () => {
  let root: string;
  let dataDir: string;
  beforeAll(async () => {
    root = await fsp.mkdtemp(path.join(os.tmpdir(), 'civic-tty-'));
    dataDir = path.join(root, 'data');
    expect((await runCivic(['db', 'seed'], { DATA_DIR: dataDir })).code).toBe(0);
    // A source whose discovery fails: a warning is logged while the display is on screen. It is
    // added while its fixture file exists (an unknown one is refused) and read where it does not.
    const added = path.join(root, 'fixtures-when-added');
    await fsp.mkdir(path.join(added, 'videos'), { recursive: true });
    await fsp.writeFile(path.join(added, 'videos', 'no-such-source.json'), '[]');
    const source = await runCivic(['source', 'add', '--city', 'fairview-ca', '--url', 'fixture:no-such-source'], { DATA_DIR: dataDir, FIXTURES_DIR: added });
    expect(source.code, source.stderr).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await fsp.rm(root, { recursive: true, force: true });
  });

  it('shows warnings as lines, marks the failure, names the command listing every failure, fits 80 columns and honours NO_COLOR', async () => {
    const run = await runInTerminal(['ingest', '--city', 'fairview-ca', '--stages', 'discover'], { DATA_DIR: dataDir, NO_COLOR: '1' });
    expect(run.code).toBe(1);
    const text = stripVTControlCharacters(run.screen);
    // Wrapped at 80 columns by the display, as one readable line.
    expect(text.replace(/\s*(\r?\n|\r)/g, ' ')).toContain('warning  discovery failed: No fixture source named no-such-source  (fairview-ca · fixture:no-such-source)');
    expect(text).not.toContain('{"level"');
    expect(text).toMatch(/^✗ discover {4}fixture:no-such-source/m);
    expect(text).toContain('Every failure in full: civic report --city fairview-ca --failures');
    for (const line of text.split(/\r?\n|\r/)) expect(line.length).toBeLessThanOrEqual(80);
    expect(run.screen).not.toMatch(SGR);

    // The same run without NO_COLOR is drawn in colour: the check above can fail.
    const coloured = await runInTerminal(['ingest', '--city', 'fairview-ca', '--stages', 'discover'], { DATA_DIR: dataDir });
    expect(coloured.screen).toMatch(SGR);

    // The command the display named lists the failure with its whole reason.
    const listed = await runCivic(['report', '--city', 'fairview-ca', '--failures'], { DATA_DIR: dataDir });
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Fairview, CA (fairview-ca)');
  }, 180_000);
});
