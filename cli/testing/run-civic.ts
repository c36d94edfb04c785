import { spawn } from 'node:child_process';
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
