/**
 * Plants each bug of planted-bugs.ts in turn, runs the tests named beside it, and puts the file
 * back whatever happens (a failed run, Ctrl-C). A bug is caught when its tests fail; one whose
 * text is no longer in its file is reported as "not planted", so a refactor that moves the code
 * shows up here instead of making the check pass by doing nothing. Exits non-zero unless every
 * bug was planted and caught.
 *
 *   npx tsx scripts/mutations/run-planted-bugs.ts [--only <id>,<id>]
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PLANTED_BUGS, type PlantedBug } from './planted-bugs.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const postgres = Boolean(process.env.TEST_DATABASE_URL?.trim());

type Verdict = 'caught' | 'MISSED' | 'not planted' | 'skipped (needs TEST_DATABASE_URL)';

function runTests(files: readonly string[]): boolean {
  const run = spawnSync('npx', ['vitest', 'run', '--reporter=dot', ...files], { cwd: ROOT, stdio: 'ignore', env: process.env });
  return run.status === 0;
}

/** The file as it was, restored on the way out even when the process is interrupted. */
let planted: { path: string; original: string } | null = null;
const restore = () => {
  if (planted) writeFileSync(planted.path, planted.original);
  planted = null;
};
process.on('SIGINT', () => {
  restore();
  process.exit(130);
});

function check(bug: PlantedBug): Verdict {
  if (bug.postgres && !postgres) return 'skipped (needs TEST_DATABASE_URL)';
  const path = `${ROOT}${bug.file}`;
  const original = readFileSync(path, 'utf8');
  if (original.split(bug.find).length !== 2) return 'not planted';
  planted = { path, original };
  try {
    writeFileSync(path, original.replace(bug.find, bug.replace));
    return runTests(bug.tests) ? 'MISSED' : 'caught';
  } finally {
    restore();
  }
}

const only = process.argv.includes('--only') ? new Set(process.argv[process.argv.indexOf('--only') + 1]?.split(',')) : null;
const bugs = PLANTED_BUGS.filter((bug) => !only || only.has(bug.id));

// The named tests must pass without the bugs, or a failure proves nothing.
const baseline = [...new Set(bugs.filter((bug) => !bug.postgres || postgres).flatMap((bug) => bug.tests))];
if (!runTests(baseline)) {
  console.error(`The tests fail with no bug planted; fix them first: npx vitest run ${baseline.join(' ')}`);
  process.exit(1);
}

const verdicts = bugs.map((bug) => {
  const verdict = check(bug);
  console.log(`${verdict.padEnd(12)} ${bug.id}: ${bug.promise}`);
  return verdict;
});
const caught = verdicts.filter((verdict) => verdict === 'caught').length;
console.log(`\n${caught} of ${bugs.length} planted bugs caught.`);
process.exit(caught === bugs.length ? 0 : 1);
