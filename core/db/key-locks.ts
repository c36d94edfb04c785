import net from 'node:net';
import readline from 'node:readline';
import type { Kysely } from 'kysely';
import type { DB } from './schema.js';

/**
 * Named locks for the processes that share one embedded database. PostgreSQL's advisory locks
 * cannot do it there: PGlite has a single session, in which every process's lock would be
 * the same re-entrant lock. So the process that holds the database keeps the locks in memory
 * and answers the others over a Unix socket; a lock lives as long as its session, and a
 * session as long as its connection, so a killed process's locks go with its socket.
 */
export interface KeyLockSession {
  tryLock(key: string): Promise<boolean>;
  unlock(key: string): Promise<void>;
  /** A key this session has: taking it again would succeed on PostgreSQL (locks are re-entrant per session). */
  holds(key: string): boolean;
  /** Lets go of every key of this session. */
  end(): Promise<void>;
}

/** Keys held in this process, by any session (its own work and the other processes it serves). */
const processWide = new Set<string>();

export function inProcessLockSession(): KeyLockSession {
  const mine = new Set<string>();
  return {
    async tryLock(key) {
      if (processWide.has(key)) return false;
      processWide.add(key);
      mine.add(key);
      return true;
    },
    async unlock(key) {
      if (!mine.delete(key)) return;
      processWide.delete(key);
    },
    holds: (key) => mine.has(key),
    async end() {
      for (const key of mine) processWide.delete(key);
      mine.clear();
    },
  };
}

/** Where a database's lock sessions come from, when not from the engine itself (see database.ts). */
const sessionSources = new WeakMap<Kysely<DB>, () => Promise<KeyLockSession>>();

export function registerLockSessions(db: Kysely<DB>, open: () => Promise<KeyLockSession>): void {
  sessionSources.set(db, open);
}

export function lockSessionsOf(db: Kysely<DB>): (() => Promise<KeyLockSession>) | undefined {
  return sessionSources.get(db);
}

interface LockRequest {
  op: 'lock' | 'unlock';
  key: string;
}

/** Answers lock requests, one JSON line each, in order; a connection is one session. */
export function createLockServer(): net.Server {
  return net.createServer((socket) => {
    const session = inProcessLockSession();
    socket.on('error', () => undefined);
    socket.on('close', () => void session.end());
    const lines = readline.createInterface({ input: socket });
    lines.on('line', (line) => {
      let request: LockRequest;
      try {
        request = JSON.parse(line) as LockRequest;
      } catch {
        socket.destroy();
        return;
      }
      if (typeof request.key !== 'string' || (request.op !== 'lock' && request.op !== 'unlock')) {
        socket.destroy();
        return;
      }
      // Both operations finish synchronously in the set, so answers leave in request order.
      if (request.op === 'lock') void session.tryLock(request.key).then((locked) => socket.write(`${JSON.stringify({ locked })}\n`));
      else void session.unlock(request.key).then(() => socket.write('{"ok":true}\n'));
    });
  });
}

/** A session whose keys are kept by the process serving the database at `socketPath`. */
export async function remoteLockSession(socketPath: string): Promise<KeyLockSession> {
  const socket = net.connect(socketPath);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const answers: { resolve: (answer: { locked?: boolean }) => void; reject: (error: Error) => void }[] = [];
  let lost: Error | undefined;
  const fail = (error: Error) => {
    lost ??= error;
    for (const waiter of answers.splice(0)) waiter.reject(lost);
  };
  socket.on('error', fail);
  socket.on('close', () => fail(new Error('The civic process that shares the embedded database has gone')));
  readline.createInterface({ input: socket }).on('line', (line) => answers.shift()?.resolve(JSON.parse(line) as { locked?: boolean }));
  const ask = (request: LockRequest) =>
    new Promise<{ locked?: boolean }>((resolve, reject) => {
      if (lost) return reject(lost);
      answers.push({ resolve, reject });
      socket.write(`${JSON.stringify(request)}\n`);
    });
  const mine = new Set<string>();
  return {
    async tryLock(key) {
      if (mine.has(key)) return false;
      const { locked } = await ask({ op: 'lock', key });
      if (locked) mine.add(key);
      return locked === true;
    },
    async unlock(key) {
      if (!mine.delete(key)) return;
      await ask({ op: 'unlock', key });
    },
    holds: (key) => mine.has(key),
    async end() {
      mine.clear();
      if (socket.destroyed) return;
      await new Promise<void>((resolve) => socket.end(resolve));
      socket.destroy();
    },
  };
}
