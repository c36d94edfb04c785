import fs from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { createLockServer } from './key-locks.js';
import type { SessionLease } from './session-lease.js';

/**
 * Where the process holding an embedded database lets the others in: `.s.PGSQL.5432` (the
 * name libpq and pg give a server's Unix socket in a directory) speaks PostgreSQL's protocol,
 * `locks.sock` keeps the named locks (key-locks.ts).
 */
export function shareDirOf(dataDir: string): string {
  return path.join(dataDir, 'share');
}
export const SHARE_PORT = 5432;
export const pgSocketOf = (shareDir: string) => path.join(shareDir, `.s.PGSQL.${SHARE_PORT}`);
export const lockSocketOf = (shareDir: string) => path.join(shareDir, 'locks.sock');

/** Linux keeps 107 bytes of a Unix socket's path, and Node cuts a longer one short without a word. */
const MAX_SOCKET_PATH = 107;

/** Why the database in this folder cannot be shared, if it cannot. */
export function sharingProblem(shareDir: string): string | undefined {
  const longest = Math.max(...[pgSocketOf(shareDir), lockSocketOf(shareDir)].map((file) => Buffer.byteLength(file)));
  return longest > MAX_SOCKET_PATH
    ? `the path of DATA_DIR is too long for the Unix socket that would share it (${longest} bytes; ${MAX_SOCKET_PATH} at most)`
    : undefined;
}

export interface EmbeddedServer {
  /** The pids the other civic processes gave when they connected (application_name "civic pid N"). */
  sharers(): number[];
  /** Lets in no new process, and waits for the connected ones to close the database (they may still connect meanwhile). */
  close(onWait?: (pids: number[]) => void): Promise<void>;
}

const PROTOCOL_3 = 196608;
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

/**
 * Serves the holder's PGlite to other civic processes on the same machine, which connect with
 * pg as to any PostgreSQL. PGlite runs one statement at a time in one session, so each
 * connection's messages run under the session lease, taken at its first message and given
 * back when PGlite says it is idle again (ReadyForQuery 'I'): a query, or a whole transaction,
 * runs with nobody else's statements between its own. A connection that drops mid-way is
 * synced and rolled back before the next one goes.
 */
export async function serveEmbeddedDatabase(
  client: PGlite,
  lease: SessionLease,
  shareDir: string,
  options: { idleInTransactionMs?: number } = {},
): Promise<EmbeddedServer> {
  const idleInTransactionMs = options.idleInTransactionMs ?? IDLE_IN_TRANSACTION_MS;
  const problem = sharingProblem(shareDir);
  if (problem) throw new Error(problem);
  // A folder left by a killed holder (we hold the lock now) must not keep us from listening.
  await fs.rm(shareDir, { recursive: true, force: true });
  await fs.mkdir(shareDir, { recursive: true, mode: 0o700 });
  const connections = new Map<net.Socket, { pid?: number }>();
  const sharers = () => [...new Set([...connections.values()].flatMap((peer) => (peer.pid ? [peer.pid] : [])))];
  // Set once the holder wants to stop: only the processes already connected still get in.
  let closing = false;
  let lastGone: () => void = () => undefined;
  const serverVersion = (await client.query<{ server_version: string }>('show server_version')).rows[0]?.server_version ?? '17';
  const pgServer = net.createServer((socket) => {
    const peer: { pid?: number } = {};
    connections.set(socket, peer);
    socket.once('close', () => {
      connections.delete(socket);
      if (connections.size === 0) lastGone();
    });
    const admit = (pid: number | undefined) => !closing || (pid !== undefined && sharers().includes(pid));
    handleConnection(client, lease, socket, serverVersion, peer, idleInTransactionMs, admit);
  });
  const lockServer = createLockServer();
  await listen(pgServer, pgSocketOf(shareDir));
  await listen(lockServer, lockSocketOf(shareDir));
  return {
    sharers,
    async close(onWait) {
      closing = true;
      // A sharer keeps one connection for as long as it has the database open (database.ts), and
      // opens more, and lock sessions, as its work needs them: both sockets keep answering it
      // until its last connection is gone, so its run finishes instead of failing half-way.
      if (connections.size > 0) {
        onWait?.(sharers());
        await new Promise<void>((resolve) => (lastGone = resolve));
      }
      await Promise.all([pgServer, lockServer].map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
      await fs.rm(shareDir, { recursive: true, force: true });
    },
  };
}

function listen(server: net.Server, socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, () => {
      server.off('error', reject);
      resolve();
    });
  });
}

function handleConnection(
  client: PGlite,
  lease: SessionLease,
  socket: net.Socket,
  serverVersion: string,
  peer: { pid?: number },
  idleInTransactionMs: number,
  admit: (pid: number | undefined) => boolean,
): void {
  let buffered = Buffer.alloc(0);
  let started = false;
  let release: (() => void) | undefined;
  // One message at a time, in order, whatever the socket's chunks.
  let chain = Promise.resolve();
  let pending = 0;
  let idleTimer: NodeJS.Timeout | undefined;

  const run = async (message: Uint8Array) => {
    release ??= await lease.acquire();
    if (socket.destroyed) return;
    const output = await client.runExclusive(() => client.execProtocolRaw(message));
    if (!socket.destroyed) socket.write(output);
    if (lastReadyStatus(output) === 'I') {
      release();
      release = undefined;
    }
  };

  // Every other civic process waits while this one holds the session: a client that opens a
  // transaction and then goes quiet (stopped in a debugger, hung on the network) is ended as
  // PostgreSQL's idle_in_transaction_session_timeout would, and its transaction rolled back.
  const watchIdle = () => {
    if (pending > 0 || !release || socket.destroyed) return;
    idleTimer = setTimeout(() => {
      socket.end(fatalError('25P03', 'terminating connection due to idle-in-transaction timeout'));
      socket.destroy();
    }, idleInTransactionMs);
    idleTimer.unref();
  };

  // A client gone mid-query or mid-transaction leaves PGlite as it was: put it back to idle.
  const abandon = async () => {
    if (!release) return;
    try {
      if (lastReadyStatus(await client.execProtocolRaw(SYNC)) !== 'I') await client.exec('rollback');
    } finally {
      release();
      release = undefined;
    }
  };

  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    for (;;) {
      if (!started) {
        if (buffered.length < 8) return;
        const length = buffered.readInt32BE(0);
        if (buffered.length < length) return;
        const code = buffered.readInt32BE(4);
        const body = buffered.subarray(8, length);
        buffered = buffered.subarray(length);
        if (code === SSL_REQUEST || code === GSS_REQUEST) {
          socket.write('N');
        } else if (code === PROTOCOL_3) {
          const pid = civicPidOf(startupParameters(body));
          if (!admit(pid)) {
            // A newcomer waits for the next holder (database.ts) rather than start what it could not finish here.
            socket.end(fatalError('57P03', 'the database system is shutting down'));
            return;
          }
          started = true;
          peer.pid = pid;
          socket.write(greeting(serverVersion));
        } else {
          // A cancel request (PGlite cannot stop a statement) or a protocol we do not speak.
          socket.destroy();
          return;
        }
        continue;
      }
      if (buffered.length < 5) return;
      const length = 1 + buffered.readInt32BE(1);
      if (buffered.length < length) return;
      const message = new Uint8Array(buffered.subarray(0, length));
      buffered = buffered.subarray(length);
      if (message[0] === TERMINATE) {
        socket.end();
        return;
      }
      clearTimeout(idleTimer);
      pending += 1;
      chain = chain
        .then(() => run(message))
        .catch(() => {
          socket.destroy();
        })
        .finally(() => {
          pending -= 1;
          watchIdle();
        });
    }
  });
  socket.on('error', () => undefined);
  socket.once('close', () => {
    clearTimeout(idleTimer);
    chain = chain.then(abandon).catch(() => undefined);
  });
}

/** How long a client may hold the shared session inside a transaction without sending anything. */
const IDLE_IN_TRANSACTION_MS = 60_000;

const TERMINATE = 'X'.charCodeAt(0);
const SYNC = new Uint8Array([0x53, 0, 0, 0, 4]);

/** The status of the last ReadyForQuery in a run of backend messages, if there is one. */
function lastReadyStatus(output: Uint8Array): string | undefined {
  let status: string | undefined;
  const view = new DataView(output.buffer, output.byteOffset, output.byteLength);
  for (let at = 0; at + 5 <= output.length; at += 1 + view.getInt32(at + 1)) {
    if (output[at] === 0x5a && at + 5 < output.length) status = String.fromCharCode(output[at + 5]!);
  }
  return status;
}

function startupParameters(body: Buffer): Map<string, string> {
  const parts = body.toString('utf8').split('\0');
  const parameters = new Map<string, string>();
  for (let i = 0; i + 1 < parts.length && parts[i] !== ''; i += 2) parameters.set(parts[i]!, parts[i + 1]!);
  return parameters;
}

function civicPidOf(parameters: Map<string, string>): number | undefined {
  const match = /^civic pid (\d+)$/.exec(parameters.get('application_name') ?? '');
  return match ? Number(match[1]) : undefined;
}

/** What a server says after a start-up: trusted (the socket's folder is the holder's, mode 0700), its settings, ready. */
function greeting(serverVersion: string): Buffer {
  const parts: Buffer[] = [message('R', int32(0))];
  const settings: [string, string][] = [
    ['server_version', serverVersion],
    ['server_encoding', 'UTF8'],
    ['client_encoding', 'UTF8'],
    ['DateStyle', 'ISO, MDY'],
    ['integer_datetimes', 'on'],
    ['standard_conforming_strings', 'on'],
  ];
  for (const [name, value] of settings) parts.push(message('S', Buffer.from(`${name}\0${value}\0`)));
  parts.push(message('K', Buffer.concat([int32(process.pid), int32(0)])));
  parts.push(message('Z', Buffer.from('I')));
  return Buffer.concat(parts);
}

/** An ErrorResponse of severity FATAL: the client reports it, then sees the connection close. */
function fatalError(code: string, text: string): Buffer {
  const fields = [`SFATAL`, `VFATAL`, `C${code}`, `M${text}`].map((field) => `${field}\0`).join('');
  return message('E', Buffer.from(`${fields}\0`));
}

function message(type: string, body: Buffer): Buffer {
  return Buffer.concat([Buffer.from(type), int32(body.length + 4), body]);
}

function int32(value: number): Buffer {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
}
