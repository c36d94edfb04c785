/**
 * Search latency: 20 fixed queries (search-queries.ts) for the top 20 results, on a corpus
 * generated from the real transcripts (search-corpus.ts), against the naive way (ILIKE over
 * every transcript) measured in the same run. Target on PostgreSQL at about a million
 * segments: p95 under 50 ms and at least 50 times faster than the naive way.
 *
 *   npx tsx --tsconfig tsconfig.json scripts/bench/search.bench.ts [--meetings N | --large]
 *     [--pglite-meetings N] [--runs N] [--naive-runs N] [--only pglite|postgres]
 *
 * 2,000 meetings (about a million segments) by default, 10,000 with --large (PGlite stays at
 * 2,000 unless --pglite-meetings says otherwise; each engine prints its size). PGlite always
 * runs; PostgreSQL too when BENCH_DATABASE_URL is set, in a database of its own that is
 * dropped afterwards (the role needs CREATEDB).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import { sql, type Kysely } from 'kysely';
import { openDatabase, type Database } from '../../core/db/database.js';
import { migrateToLatest } from '../../core/db/migrate.js';
import type { DB } from '../../core/db/schema.js';
import { searchConnections, searchVideos } from '../../core/search/search-service.js';
import { openBenchDatabase } from './bench-database.js';
import { planCorpus } from './search-corpus.js';
import { loadCorpus } from './search-corpus-load.js';
import { BENCH_QUERIES, naiveSearch, RELEVANCE_QUERIES, type BenchQuery } from './search-queries.js';

const LIMIT = 20;
const TARGET_P95_MS = 50;
const TARGET_RATIO = 50;

interface Flags {
  only: 'pglite' | 'postgres' | undefined;
  meetings: number;
  pgliteMeetings: number;
  runs: number;
  naiveRuns: number;
}

function readFlags(argv: string[]): Flags {
  const value = (name: string) => {
    const i = argv.indexOf(name);
    if (i === -1) return undefined;
    const n = Number(argv[i + 1]);
    if (!Number.isInteger(n) || n < 1) throw new Error(`${name} needs a whole number`);
    return n;
  };
  const meetings = value('--meetings') ?? (argv.includes('--large') ? 10_000 : 2_000);
  const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1] : undefined;
  if (only !== undefined && only !== 'pglite' && only !== 'postgres') throw new Error('--only takes pglite or postgres');
  // PGlite at 10,000 meetings takes a quarter of an hour to load: 2,000 unless asked.
  return { only, meetings, pgliteMeetings: value('--pglite-meetings') ?? Math.min(meetings, 2_000), runs: value('--runs') ?? 15, naiveRuns: value('--naive-runs') ?? 3 };
}

interface Measured {
  query: BenchQuery;
  ours: number[];
  naive: number[];
  results: number;
  path: string;
}

/** CPU spent per search, ours and naive: unlike wall time, hardly moved by other load on the machine. */
interface CpuPerSearch {
  ours: number;
  naive: number;
}

/**
 * CPU milliseconds used so far: this process (PGlite runs inside it), plus the server
 * backends of the bench's connections (one for the naive queries, one of the search pool)
 * when the server is on this machine.
 */
async function cpuClock(database: Database, searchDb: Kysely<DB>): Promise<{ read: () => number; what: string }> {
  const own = () => {
    const usage = process.cpuUsage();
    return (usage.user + usage.system) / 1000;
  };
  if (database.engine !== 'postgres') return { read: own, what: 'process CPU, PGlite included' };
  const pidOf = async (db: Kysely<DB>) => (await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(db)).rows[0]?.pid;
  const stats = [...new Set([await pidOf(database.db), await pidOf(searchDb)])].map((pid) => `/proc/${pid}/stat`);
  if (!stats.every((stat) => existsSync(stat))) return { read: own, what: 'client CPU only (the server is not local)' };
  // Fields 14 and 15 (utime, stime) in clock ticks of 10 ms, after the ")" that ends the name.
  // A connection idle for 10 s is closed by its pool (the naive one while ours run): its
  // backend is gone, and counts what it had used when last read.
  const lastRead = new Map<string, number>();
  const backend = (stat: string) => {
    if (!existsSync(stat)) return lastRead.get(stat) ?? 0;
    const fields = readFileSync(stat, 'utf8').split(') ')[1]?.split(' ') ?? [];
    const used = (Number(fields[11]) + Number(fields[12])) * 10;
    lastRead.set(stat, used);
    return used;
  };
  return { read: () => own() + stats.reduce((total, stat) => total + backend(stat), 0), what: 'client + server backend CPU' };
}

async function measure(database: Database, searchDb: Kysely<DB>, flags: Flags, queries: BenchQuery[], sort: 'date' | 'relevance'): Promise<{ measured: Measured[]; cpu: CpuPerSearch }> {
  const measured: Measured[] = queries.map((query) => ({ query, ours: [], naive: [], results: 0, path: '' }));
  const clock = await cpuClock(database, searchDb);
  const search = (m: Measured) =>
    searchVideos(searchDb, { q: m.query.q, limit: LIMIT, sort, ...(m.query.city ? { city: m.query.city } : {}) }, { audience: 'public', onStrategy: (s) => (m.path = s) });
  for (const m of measured) m.results = (await search(m)).count; // warm-up, and the result count
  // Rounds over all queries, so caches favour none of them.
  let cpuStart = clock.read();
  for (let round = 0; round < flags.runs; round++) {
    for (const m of measured) {
      const started = performance.now();
      await search(m);
      m.ours.push(performance.now() - started);
    }
  }
  const cpu = { ours: (clock.read() - cpuStart) / (flags.runs * measured.length), naive: Number.NaN };
  if (sort === 'date') {
    // The naive connection may have been closed and opened again since: ask for its backend anew.
    const naiveClock = await cpuClock(database, searchDb);
    cpuStart = naiveClock.read();
    for (let round = 0; round < flags.naiveRuns; round++) {
      for (const m of measured) {
        const started = performance.now();
        await naiveSearch(database.db, m.query, LIMIT);
        m.naive.push(performance.now() - started);
      }
    }
    cpu.naive = (naiveClock.read() - cpuStart) / (flags.naiveRuns * measured.length);
  }
  console.log(`  (CPU per search: ${clock.what})`);
  return { measured, cpu };
}

function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

const ms = (value: number) => (value >= 100 ? value.toFixed(0) : value.toFixed(1)).padStart(7);
const label = (q: BenchQuery) => `${q.q}${q.city ? ` @${q.city}` : ''}`;

function printTable(measured: Measured[], withNaive: boolean): void {
  const head = `  ${'query'.padEnd(36)}${'kind'.padEnd(13)}${'path'.padEnd(8)}${'found'.padStart(5)}${'p50 ms'.padStart(8)}${'p95 ms'.padStart(8)}`;
  console.log(withNaive ? `${head}${'naive p50'.padStart(11)}${'ratio'.padStart(8)}` : head);
  for (const m of measured) {
    const row = `  ${label(m.query).padEnd(36)}${m.query.kind.padEnd(13)}${m.path.padEnd(8)}${String(m.results).padStart(5)} ${ms(percentile(m.ours, 50))} ${ms(percentile(m.ours, 95))}`;
    const ratio = percentile(m.naive, 50) / percentile(m.ours, 50);
    console.log(withNaive ? `${row}   ${ms(percentile(m.naive, 50))}  ×${ratio.toFixed(0)}` : row);
  }
}

async function runEngine(database: Database, meetings: number, flags: Flags): Promise<boolean> {
  console.log(`\n-- ${database.description}: ${meetings.toLocaleString('en-US')} meetings`);
  const report = await loadCorpus(database.db, await planCorpus(meetings), (done) => {
    if (done % 1000 === 0) console.log(`   loaded ${done.toLocaleString('en-US')} meetings`);
  });
  console.log(`corpus: ${report.meetings.toLocaleString('en-US')} meetings, ${report.segments.toLocaleString('en-US')} segments, loaded in ${report.seconds.toFixed(0)} s`);

  // What the server and the CLI search on: the search pool on PostgreSQL (one connection here).
  const searchDb = searchConnections(database);
  const { measured, cpu } = await measure(database, searchDb, flags, BENCH_QUERIES, 'date');
  printTable(measured, true);
  const ours = measured.flatMap((m) => m.ours);
  const naive = measured.flatMap((m) => m.naive);
  const [p50, p95, naive50, naive95] = [percentile(ours, 50), percentile(ours, 95), percentile(naive, 50), percentile(naive, 95)];
  console.log(
    `top ${LIMIT}, all ${BENCH_QUERIES.length} queries: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms (${flags.runs} runs each); ` +
      `naive p50 ${naive50.toFixed(0)} ms, p95 ${naive95.toFixed(0)} ms (${flags.naiveRuns} runs each); ` +
      `ratio ×${(naive50 / p50).toFixed(0)} at p50, ×${(naive95 / p95).toFixed(0)} at p95`,
  );
  console.log(`CPU per search: ${cpu.ours.toFixed(1)} ms against ${cpu.naive.toFixed(0)} ms naive: ×${(cpu.naive / cpu.ours).toFixed(0)}`);
  const { measured: relevance, cpu: relevanceCpu } = await measure(database, searchDb, flags, RELEVANCE_QUERIES, 'relevance');
  console.log('sort=relevance (not part of the 20):');
  printTable(relevance, false);
  const all = relevance.flatMap((m) => m.ours);
  console.log(`relevance: p50 ${percentile(all, 50).toFixed(1)} ms, p95 ${percentile(all, 95).toFixed(1)} ms, CPU per search ${relevanceCpu.ours.toFixed(1)} ms`);

  if (database.engine !== 'postgres') return true;
  const met = p95 < TARGET_P95_MS && naive50 / p50 >= TARGET_RATIO && naive95 / p95 >= TARGET_RATIO;
  console.log(
    `target (PostgreSQL${report.segments >= 900_000 ? ', ~1M segments' : ''}): p95 < ${TARGET_P95_MS} ms and ≥ ${TARGET_RATIO}× faster than naive: ${met ? 'met' : 'MISSED'}`,
  );
  return met;
}

/** A database of its own on the server, dropped afterwards. */
async function openPostgresBenchDatabase(url: string): Promise<Database> {
  const name = `search_bench_${randomBytes(5).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: url, dataDir: '', poolSize: 1 });
  await sql`create database ${sql.id(name)}`.execute(admin.db);
  const target = new URL(url);
  target.pathname = `/${name}`;
  const dropDatabase = async () => {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(admin.db);
    await admin.close();
  };
  try {
    // One connection: its server process is the one whose CPU is counted.
    const database = await openDatabase({ databaseUrl: target.toString(), dataDir: '', poolSize: 1 });
    await migrateToLatest(database.db);
    return {
      ...database,
      description: `${database.description} (dropped after the run)`,
      close: async () => {
        await database.close();
        await dropDatabase();
      },
    };
  } catch (error) {
    await dropDatabase();
    throw error;
  }
}

async function main(): Promise<void> {
  const flags = readFlags(process.argv.slice(2));
  const load = () => os.loadavg().map((n) => n.toFixed(1)).join(' ');
  console.log(`search benchmark on ${os.cpus().length} cores, load average ${load()}`);
  let ok = true;
  if (flags.only !== 'postgres') {
    const pglite = await openBenchDatabase(undefined);
    try {
      ok = (await runEngine(pglite, flags.pgliteMeetings, flags)) && ok;
    } finally {
      await pglite.close();
    }
  }
  const databaseUrl = process.env.BENCH_DATABASE_URL?.trim();
  if (flags.only === 'pglite') {
    // PostgreSQL not asked for.
  } else if (databaseUrl) {
    const postgres = await openPostgresBenchDatabase(databaseUrl);
    try {
      ok = (await runEngine(postgres, flags.meetings, flags)) && ok;
    } finally {
      await postgres.close();
    }
  } else {
    console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL=postgres://user@host:5432/db to measure it (the target is for PostgreSQL).');
  }
  console.log(`\nload average at the end ${load()}`);
  if (!ok) process.exitCode = 1;
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
