/**
 * Start-up of the `civic` command: `civic --help` (commander alone) and `civic city list` (core,
 * the embedded database, one query), each run as an operator runs it (node bin/civic.js, a new
 * process every time), from the compiled build (dist/, what `make install` makes) and from the
 * TypeScript sources through tsx (the development fallback, forced with CIVIC_FROM_SOURCE=1).
 * Prints the median wall time of each, the ratio source / compiled, and checks the target:
 * the compiled `civic --help` under 300 ms. The build is made fresh first.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const CIVIC = path.join(ROOT, 'bin/civic.js');
const HELP_TARGET_MS = 300;
const RUNS = { help: 9, cityList: 5 };

type Mode = 'compiled' | 'source';

function timeOnce(args: string[], env: Record<string, string>, script = CIVIC): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const child = spawn(process.execPath, [script, ...args], { cwd: ROOT, env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env }, stdio: 'ignore' });
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(performance.now() - started) : reject(new Error(`civic ${args.join(' ')} exited ${code}`))));
  });
}

async function median(args: string[], env: Record<string, string>, runs: number, script = CIVIC): Promise<number> {
  await timeOnce(args, env, script); // warm the file cache; not counted
  const times: number[] = [];
  // One after another: two at once would measure the machine's contention, not start-up.
  for (let i = 0; i < runs; i++) times.push(await timeOnce(args, env, script));
  times.sort((a, b) => a - b);
  return times[Math.floor(times.length / 2)] ?? Number.NaN;
}

const modeEnv = (mode: Mode): Record<string, string> => (mode === 'source' ? { CIVIC_FROM_SOURCE: '1' } : {});

async function main(): Promise<number> {
  const { buildCli } = (await import(pathToFileURL(path.join(ROOT, 'scripts/build-cli.js')).href)) as { buildCli: () => Promise<unknown> };
  const { freshCompiledCli } = (await import(pathToFileURL(path.join(ROOT, 'bin/compiled-cli.js')).href)) as { freshCompiledCli: (root: string) => string | null };
  await buildCli();
  if (!freshCompiledCli(ROOT)) throw new Error('the build just made is not fresh: the launcher would not run it');

  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-startup-bench-'));
  try {
    await timeOnce(['db', 'migrate'], { DATA_DIR: dataDir });
    const commands = [
      { label: 'civic --help', args: ['--help'], runs: RUNS.help },
      { label: 'civic city list', args: ['city', 'list'], runs: RUNS.cityList },
    ];
    const figures: { label: string; compiled: number; source: number }[] = [];
    for (const command of commands) {
      const compiled = await median(command.args, { DATA_DIR: dataDir, ...modeEnv('compiled') }, command.runs);
      const source = await median(command.args, { DATA_DIR: dataDir, ...modeEnv('source') }, command.runs);
      figures.push({ label: command.label, compiled, source });
    }
    // The floor no command can go under on this machine right now: node starting an empty script.
    const empty = path.join(dataDir, 'empty.mjs');
    await fs.writeFile(empty, '');
    const nodeAlone = await median([], {}, RUNS.help, empty);
    console.log(`median wall time of a new process, ${os.cpus().length} CPUs, load ${os.loadavg()[0]?.toFixed(1)}; node alone: ${nodeAlone.toFixed(0)} ms`);
    console.log(`${'command'.padEnd(18)}${'compiled'.padStart(10)}${'source'.padStart(10)}${'source/compiled'.padStart(17)}`);
    for (const { label, compiled, source } of figures) {
      console.log(`${label.padEnd(18)}${`${compiled.toFixed(0)} ms`.padStart(10)}${`${source.toFixed(0)} ms`.padStart(10)}${`${(source / compiled).toFixed(2)}×`.padStart(17)}`);
    }
    const help = figures[0]?.compiled ?? Number.NaN;
    const met = help < HELP_TARGET_MS;
    console.log(`target: compiled civic --help under ${HELP_TARGET_MS} ms: ${help.toFixed(0)} ms (${(help - nodeAlone).toFixed(0)} ms over node alone), ${met ? 'met' : 'MISSED'}`);
    return met ? 0 : 1;
  } finally {
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

process.exitCode = await main();
