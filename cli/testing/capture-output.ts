import { vi } from 'vitest';

/** Collects what a command writes to stdout and stderr during a test, and keeps it off the test output. */
export function captureOutput() {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const out = vi.spyOn(process.stdout, 'write').mockImplementation((chunk: string | Uint8Array) => stdout.push(String(chunk)) > 0);
  const err = vi.spyOn(process.stderr, 'write').mockImplementation((chunk: string | Uint8Array) => stderr.push(String(chunk)) > 0);
  return {
    stdout: () => stdout.join(''),
    stderr: () => stderr.join(''),
    restore: () => {
      out.mockRestore();
      err.mockRestore();
    },
  };
}
