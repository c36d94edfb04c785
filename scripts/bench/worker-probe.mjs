// Loaded into each `civic worker` of a benchmark (NODE_OPTIONS=--import): counts the SQL
// statements the process sends and writes them, with its memory, to
// $CIVIC_BENCH_PROBE_DIR/<pid>.json four times a second, for the benchmark to read from outside.
// Plain JavaScript so that it loads before (and apart from) the TypeScript the worker runs.
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';

const dir = process.env.CIVIC_BENCH_PROBE_DIR;
if (dir) {
  let statements = 0;
  // CIVIC_BENCH_STATEMENT_TEXTS=1: also counts each statement's text (its start), to see where they go.
  const texts = process.env.CIVIC_BENCH_STATEMENT_TEXTS ? new Map() : null;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function countedQuery(...args) {
    statements += 1;
    if (texts) {
      const text = typeof args[0] === 'string' ? args[0] : String(args[0]?.text ?? '?');
      const key = text.replace(/\s+/g, ' ').trim().slice(0, 110);
      texts.set(key, (texts.get(key) ?? 0) + 1);
    }
    return query.apply(this, args);
  };
  const file = path.join(dir, `${process.pid}.json`);
  const snapshot = () => {
    const { rss, heapUsed } = process.memoryUsage();
    return JSON.stringify({ statements, rss, heapUsed, ...(texts ? { texts: Object.fromEntries(texts) } : {}) });
  };
  // Written without blocking the worker (a synchronous write stalls it on a loaded disk), and at
  // exit; through a rename, so the benchmark never reads a half-written file (it then skipped the
  // worker's count, and a run with several workers said fewer statements a job than were sent).
  const partial = `${file}.partial`;
  setInterval(() => void fs.promises.writeFile(partial, snapshot()).then(() => fs.promises.rename(partial, file)).catch(() => undefined), 250).unref();
  process.on('exit', () => fs.writeFileSync(file, snapshot()));
}

// CIVIC_BENCH_PROFILE_DIR: a CPU profile of the whole worker (open it in Chrome's DevTools);
// --cpu-prof itself is refused in NODE_OPTIONS.
const profiles = process.env.CIVIC_BENCH_PROFILE_DIR;
if (profiles) {
  const { Session } = await import('node:inspector');
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.start');
  process.on('exit', () => {
    // The in-process session answers synchronously, so this runs to its end before the exit.
    session.post('Profiler.stop', (error, result) => {
      if (!error) fs.writeFileSync(path.join(profiles, `worker-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
    });
  });
}
