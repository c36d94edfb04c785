/**
 * The two ways of letting other civic processes into a PGlite this process holds, set up the
 * same way so one set of assertions (core/db/sharing-guarantees.test.ts) and one benchmark
 * (scripts/bench/embedded-sharing.bench.ts) run against both: our embedded server
 * (core/db/embedded-server.ts) and @electric-sql/pglite-socket's PGLiteSocketServer, which
 * issue 28 asked us to weigh against it (docs/embedded-database-sharing.md says what it lacks).
 */
import fs from 'node:fs/promises';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { Kysely } from 'kysely';
import pg from 'pg';
import { pgSocketOf, SHARE_PORT, lockSocketOf, serveEmbeddedDatabase } from '../db/embedded-server.js';
import { remoteLockSession, type KeyLockSession } from '../db/key-locks.js';
import type { DB } from '../db/schema.js';
import { LeasedPGliteDialect, SessionLease } from '../db/session-lease.js';

/** A holder serving its PGlite, as the other processes and the holder's own code see it. */
export interface SharedDatabase {
  /** The holder's own statements, as the holding process's code runs them (never through the socket). */
  holder: Kysely<DB>;
  /** A connection as another civic process opens it (application_name "civic pid N"). */
  connect(pid?: number): Promise<pg.Client>;
  /** A lock session of another civic process: what keeps two runs off one video. */
  lockSession(): Promise<VanishingLockSession>;
  /** The holder stops sharing (`civic serve` ends): resolves once it has. */
  stop(): Promise<void>;
}

interface VanishingLockSession extends KeyLockSession {
  /** Its process is killed: the connection drops, nothing is let go of first. */
  vanish(): void;
}

export interface SharingServer {
  name: string;
  /** Serves `client` in `shareDir` (the socket at pgSocketOf(shareDir)). */
  serve(client: PGlite, shareDir: string, options?: { idleInTransactionMs?: number }): Promise<SharedDatabase>;
}

const connectAs = (shareDir: string) => async (pid = process.pid) => {
  const client = new pg.Client({ host: shareDir, port: SHARE_PORT, user: 'postgres', database: 'postgres', application_name: `civic pid ${pid}` });
  await client.connect();
  return client;
};

const OUR_SERVER: SharingServer = {
  name: 'our embedded server',
  async serve(client, shareDir, options) {
    const lease = new SessionLease();
    const server = await serveEmbeddedDatabase(client, lease, shareDir, options);
    return {
      holder: new Kysely<DB>({ dialect: new LeasedPGliteDialect(client, lease) }),
      connect: connectAs(shareDir),
      async lockSession() {
        const session = await remoteLockSession(lockSocketOf(shareDir));
        // The holder sees a killed process's lock socket close, as it sees a graceful end.
        return { ...session, vanish: () => void session.end() };
      },
      stop: () => server.close(),
    };
  },
};

/**
 * PGLiteSocketServer as we would adopt it: on the same Unix socket, its idle timeout as the
 * nearest thing to our idle-in-transaction one, room for every process's pool, and the
 * PostgreSQL way to keep runs apart (advisory locks on a connection of each process's own).
 */
export const PGLITE_SOCKET: SharingServer = {
  name: '@electric-sql/pglite-socket',
  async serve(client, shareDir, options) {
    await fs.rm(shareDir, { recursive: true, force: true });
    await fs.mkdir(shareDir, { recursive: true, mode: 0o700 });
    const server = new PGLiteSocketServer({ db: client, path: pgSocketOf(shareDir), maxConnections: 64, idleTimeout: options?.idleInTransactionMs ?? 0 });
    await server.start();
    const connect = connectAs(shareDir);
    return {
      // Adopted, the holder would still run its own statements on PGlite directly, as now.
      holder: new Kysely<DB>({ dialect: new LeasedPGliteDialect(client, new SessionLease()) }),
      connect,
      lockSession: async () => advisoryLockSession(await connect()),
      stop: () => server.stop(),
    };
  },
};

/** Named locks as a PostgreSQL server keeps them: session advisory locks on one connection. */
async function advisoryLockSession(connection: pg.Client): Promise<VanishingLockSession> {
  connection.on('error', () => undefined);
  const mine = new Set<string>();
  return {
    async tryLock(key) {
      if (mine.has(key)) return false;
      const { rows } = await connection.query<{ locked: boolean }>('select pg_try_advisory_lock(hashtextextended($1, 0)) as locked', [key]);
      if (rows[0]?.locked) mine.add(key);
      return rows[0]?.locked === true;
    },
    async unlock(key) {
      if (!mine.delete(key)) return;
      await connection.query('select pg_advisory_unlock(hashtextextended($1, 0))', [key]);
    },
    holds: (key) => mine.has(key),
    async end() {
      mine.clear();
      await connection.end();
    },
    vanish: () => (connection as unknown as { connection: { stream: net.Socket } }).connection.stream.destroy(),
  };
}

export const SHARING_SERVERS = [OUR_SERVER, PGLITE_SOCKET];

/** A folder for a share directory, short enough for a Unix socket's path. */
export async function tempShareDir(label: string): Promise<{ shareDir: string; remove: () => Promise<void> }> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), `civic-${label}-`));
  return { shareDir: path.join(root, 'share'), remove: () => fs.rm(root, { recursive: true, force: true }) };
}
