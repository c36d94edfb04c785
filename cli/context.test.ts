import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '../core/index.js';
import { runWithPorts } from './context.js';

describe('how a command reports a failure', () => {
  let stderr: string[];
  beforeEach(() => {
    stderr = [];
    vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => stderr.push(String(chunk)) > 0);
  });
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllEnvs();
    process.exitCode = undefined;
  });

  function crash(): Promise<void> {
    return runWithPorts(async () => {
      throw new TypeError('Cannot read properties of undefined (reading "title")');
    });
  }

  it('prints an internal crash as one line at the default log level, saying how to see where', async () => {
    vi.stubEnv('LOG_LEVEL', 'info');
    await crash();
    expect(stderr).toEqual(['civic: unexpected error: Cannot read properties of undefined (reading "title") (LOG_LEVEL=debug prints where)\n']);
    expect(process.exitCode).toBe(1);
  });

  it('prints the stack of an internal crash at LOG_LEVEL=debug', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    await crash();
    const text = stderr.join('');
    expect(text).toMatch(/^civic: unexpected error: Cannot read properties of undefined \(reading "title"\)\nTypeError: Cannot read/);
    expect(text).toContain('context.test.ts');
    expect(process.exitCode).toBe(1);
  });

  it('keeps an expected failure to its one line even at LOG_LEVEL=debug', async () => {
    vi.stubEnv('LOG_LEVEL', 'debug');
    await runWithPorts(async () => {
      throw new AppError('BAD_INPUT', 'Transcript is empty');
    });
    expect(stderr).toEqual(['civic: Transcript is empty\n']);
    expect(process.exitCode).toBe(2);
  });
});
