/**
 * Sharing the embedded database (issue 28): the same query mix from three civic processes at
 * once (as `civic serve`, `civic batch` and `civic ingest` would send it) through our embedded
 * server and through @electric-sql/pglite-socket's PGLiteSocketServer, over the same Unix
 * socket, on the same PGlite. Each "process" is a pg connection of this one running, 400 times:
 * a lookup by key (6 in 10), an insert (2 in 10), a two-statement transaction (1 in 10) and a
 * count (1 in 10), every statement with parameters as Kysely sends them. Statements are small,
 * which pglite-socket serves correctly (docs/embedded-database-sharing.md says which it does not).
 * A warm-up round each, then three each, alternating. Prints, per server, statements per
 * second (best round) and CPU per statement (this process's, which runs PGlite, the server
 * and the clients: median round), and pglite-socket's figures as ratios of ours, from one run.
 * On a shared machine read the CPU ratio first: wall time also counts other programs' turns.
 */
import { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import { SHARING_SERVERS, tempShareDir, type SharingServer } from '../../core/testing/sharing-servers.js';

const PROCESSES = 3;
const OPERATIONS = 400;
const ROUNDS = 3;
const SEED_ROWS = 1_000;

/** One operation of the mix; returns how many statements it sent. */
async function operate(connection: pg.Client, process: number, step: number, nextId: () => number): Promise<number> {
  const kind = step % 10;
  if (kind < 6) {
    await connection.query('select id, title, views from items where id = $1', [1 + ((step * 7919 + process) % SEED_ROWS)]);
    return 1;
  }
  if (kind < 8) {
    await connection.query('insert into items (id, title, views) values ($1, $2, $3)', [nextId(), `item ${process}-${step}`, 0]);
    return 1;
  }
  if (kind === 8) {
    await connection.query('begin');
    await connection.query('update items set views = views + 1 where id = $1', [1 + (step % SEED_ROWS)]);
    await connection.query('insert into items (id, title, views) values ($1, $2, $3)', [nextId(), `tx ${process}-${step}`, 1]);
    await connection.query('commit');
    return 4;
  }
  await connection.query('select count(*)::int as n from items where views > $1', [0]);
  return 1;
}

interface Figures {
  statementsPerSecond: number;
  cpuMicrosPerStatement: number;
  rows: number;
}

async function round(server: SharingServer, client: PGlite): Promise<Figures> {
  await client.exec(`drop table if exists items; create table items (id int primary key, title text not null, views int not null);
    insert into items select n, 'seed ' || n, 0 from generate_series(1, ${SEED_ROWS}) n;`);
  const dir = await tempShareDir('bench-sharing');
  const shared = await server.serve(client, dir.shareDir);
  const connections = await Promise.all(Array.from({ length: PROCESSES }, (_, index) => shared.connect(10_000 + index)));
  let id = SEED_ROWS;
  const nextId = () => (id += 1);
  const started = performance.now();
  const cpuBefore = process.cpuUsage();
  const statements = await Promise.all(
    connections.map(async (connection, process) => {
      let sent = 0;
      for (let step = 0; step < OPERATIONS; step++) sent += await operate(connection, process, step, nextId);
      return sent;
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const sent = statements.reduce((sum, n) => sum + n, 0);
  const rows = (await connections[0]!.query<{ n: number }>('select count(*)::int as n from items')).rows[0]!.n;
  await Promise.all(connections.map((connection) => connection.end()));
  await shared.stop();
  await dir.remove();
  return { statementsPerSecond: sent / seconds, cpuMicrosPerStatement: (cpu.user + cpu.system) / sent, rows };
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function main(): Promise<void> {
  const client = await PGlite.create();
  const figures = new Map<string, Figures[]>(SHARING_SERVERS.map((server) => [server.name, []]));
  const expectedRows = SEED_ROWS + PROCESSES * OPERATIONS * 0.3;
  for (let r = 0; r <= ROUNDS; r++) {
    for (const server of SHARING_SERVERS) {
      const result = await round(server, client);
      // Both must have done the whole mix for the figures to compare.
      if (result.rows !== expectedRows) throw new Error(`${server.name} left ${result.rows} rows, not ${expectedRows}`);
      const label = r === 0 ? 'warm-up' : `round ${r}`;
      console.log(`${label.padEnd(8)} ${server.name.padEnd(28)} ${result.statementsPerSecond.toFixed(0).padStart(6)} statements/s ${result.cpuMicrosPerStatement.toFixed(0).padStart(6)} µs CPU each`);
      if (r > 0) figures.get(server.name)!.push(result);
    }
  }
  await client.close();
  const [ours, theirs] = SHARING_SERVERS.map((server) => {
    const rounds = figures.get(server.name)!;
    return { best: Math.max(...rounds.map((f) => f.statementsPerSecond)), cpu: median(rounds.map((f) => f.cpuMicrosPerStatement)) };
  });
  console.log(`ours: ${ours!.best.toFixed(0)} statements/s, ${ours!.cpu.toFixed(0)} µs CPU each; pglite-socket: ${theirs!.best.toFixed(0)} statements/s, ${theirs!.cpu.toFixed(0)} µs CPU each`);
  console.log(`pglite-socket ÷ ours: throughput ${(theirs!.best / ours!.best).toFixed(2)}, CPU per statement ${(theirs!.cpu / ours!.cpu).toFixed(2)}`);
}

await main();
