import { Writable } from 'node:stream';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import type { Config } from '../../core/index.js';
import { resolveSessionSecret, SESSION_SECRET_NOTICE } from './session-secret.js';

const development = { env: 'development', sessionSecret: undefined } as unknown as Config;

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  return { lines, logger: pino({ level: 'info' }, stream) };
}

describe('the session secret outside production', () => {
  it('tells the terminal in one plain sentence that sign-ins end with the process, and logs nothing', () => {
    const { lines, logger } = capture();
    const said: string[] = [];
    const secret = resolveSessionSecret(development, logger, (sentence) => said.push(sentence));
    expect(secret).toMatch(/^[0-9a-f]{64}$/);
    expect(said).toEqual([SESSION_SECRET_NOTICE]);
    expect(SESSION_SECRET_NOTICE).not.toContain('\n');
    expect(lines).toEqual([]);
  });

  it('warns in the log when nobody reads a terminal', () => {
    const { lines, logger } = capture();
    resolveSessionSecret(development, logger);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: 40, msg: SESSION_SECRET_NOTICE });
  });

  it('keeps quiet when SESSION_SECRET is set', () => {
    const said: string[] = [];
    expect(resolveSessionSecret({ ...development, sessionSecret: 's'.repeat(40) }, capture().logger, (sentence) => said.push(sentence))).toBe('s'.repeat(40));
    expect(said).toEqual([]);
  });
});
