import { spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const CIVIC_BIN = fileURLToPath(new URL('../../bin/civic.js', import.meta.url));

export interface CivicResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the real `civic` launcher in a child process, as an operator would; `input` is piped to its stdin. */
export function runCivic(
  args: string[],
  env: Record<string, string | undefined> = {},
  cwd = path.dirname(CIVIC_BIN),
  input?: string,
): Promise<CivicResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CIVIC_BIN, ...args], {
      cwd,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
      stdio: ['pipe', 'pipe', 'pipe'],
    });
    // Without input, stdin is closed at once (as /dev/null would be).
    child.stdin.end(input);
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

export interface RunningCivic {
  pid: number;
  /** Everything it has written to stderr so far. */
  stderr(): string;
  /** Its exit code (null when a signal ended it). */
  exited: Promise<number | null>;
}

/** Starts a long-running `civic` (serve) in a child process; the caller ends it with process.kill(pid, signal). */
export function startCivic(args: string[], env: Record<string, string | undefined> = {}): RunningCivic {
  const child = spawn(process.execPath, [CIVIC_BIN, ...args], {
    cwd: path.dirname(CIVIC_BIN),
    env: { PATH: process.env.PATH, HOME: process.env.HOME, ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { pid: child.pid!, stderr: () => stderr, exited };
}

/** A port nothing listens on now (for a server a test starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
