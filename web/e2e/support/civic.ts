import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../../..');
const CIVIC = path.join(ROOT, 'bin/civic.js');

/**
 * The environment of every `civic` the browser tests start: the embedded database in their own
 * DATA_DIR, mail to its outbox, and nothing that could reach a real service.
 */
export function civicEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  // Every test's browser reads the API from one address: the open API's fair-use limit is not under test here.
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    API_READS_PER_MINUTE: '1000000',
  };
  for (const name of ['DATABASE_URL', 'SMTP_URL', 'OPENAI_API_KEY', 'OPENAI_BASE_URL', 'YOUTUBE_API_KEY', 'SITE_NAME', 'NODE_ENV', 'TRUST_PROXY']) delete env[name];
  return env;
}

/** Runs a command to its end; rejects with its stderr when it fails. */
export function run(command: string, args: string[], options: { env?: NodeJS.ProcessEnv; stdin?: string } = {}): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd: ROOT, env: options.env ?? process.env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.stdin.end(options.stdin ?? '');
    child.on('error', reject);
    child.on('close', (code) => {
      if (code === 0) resolve(stdout);
      else reject(new Error(`${path.basename(command)} ${args.join(' ')} exited ${code}: ${stderr.slice(-2000)}`));
    });
  });
}

export function civic(args: string[], env: NodeJS.ProcessEnv, stdin?: string): Promise<string> {
  return run(process.execPath, [CIVIC, ...args], { env, ...(stdin === undefined ? {} : { stdin }) });
}

/** A port nobody listens on now (civic serve takes a fixed port, so it cannot be given 0). */
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

export interface RunningCivic {
  url: string;
  stop(): Promise<void>;
}

/** `civic serve` as a child process, resolved once it says it is listening. */
export function startServe(env: NodeJS.ProcessEnv, port: number): Promise<RunningCivic> {
  const child = spawn(process.execPath, [CIVIC, 'serve', '--port', String(port), '--host', '127.0.0.1'], { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/\S+)/.exec(output);
      if (match) {
        child.stderr.off('data', onData);
        // Keep draining its logs, or a chatty server would block on a full pipe.
        child.stderr.resume();
        resolve({ url: match[1]!, stop: () => stopChild(child) });
      }
    };
    child.stdout.resume();
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`civic serve exited ${code} before listening: ${output.slice(-2000)}`)));
  });
}

function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}
