import { describe, expect, it } from 'vitest';
import { createLogger } from '../../core/index.js';
import { createLogRelay, readableLogLine } from './log-relay.js';

function collector() {
  const lines: string[] = [];
  return { lines, write: (line: string) => lines.push(line) > 0 };
}

describe('readableLogLine', () => {
  it("turns a pino warning into one line: level, message, the error's cause and where it happened", () => {
    const json = JSON.stringify({
      level: 40,
      time: '2026-03-01T02:15:00.000Z',
      runId: 'r1',
      city: 'fairview-ca',
      title: 'Regular Council Meeting',
      stage: 'analysis',
      err: 'analysis failed: 429 Too Many Requests',
      msg: 'stage failed',
    });
    expect(readableLogLine(json)).toBe('warning  stage failed: analysis failed: 429 Too Many Requests  (fairview-ca · "Regular Council Meeting" · analysis)');
  });

  it('reads a serialized error object and keeps the cause of a long message', () => {
    const message = `request to https://example.test/${'a'.repeat(300)} failed: ECONNREFUSED`;
    const line = readableLogLine(JSON.stringify({ level: 50, msg: 'discovery failed', err: { type: 'Error', message }, source: 'fixture:x' }));
    expect(line.startsWith('error    discovery failed: request to')).toBe(true);
    expect(line).toContain('ECONNREFUSED  (fixture:x)');
    expect(line.length).toBeLessThan(260);
  });

  it('passes through what is not JSON', () => {
    expect(readableLogLine('plain text\n')).toBe('plain text');
  });
});

describe('createLogRelay', () => {
  it('hands readable lines to the display while it listens, JSON to stderr before and after', () => {
    const stderr = collector();
    const relay = createLogRelay(stderr);
    const logger = createLogger({ level: 'warn', destination: relay });
    logger.warn({ city: 'fairview-ca' }, 'before');
    const shown: string[] = [];
    const detach = relay.attach((line) => shown.push(line));
    logger.warn({ city: 'fairview-ca', err: new Error('captions disabled') }, 'stage failed');
    detach();
    logger.warn('after');

    expect(shown).toEqual(['warning  stage failed: captions disabled  (fairview-ca)']);
    expect(stderr.lines).toHaveLength(2);
    expect(JSON.parse(stderr.lines[0] ?? '')).toMatchObject({ msg: 'before', city: 'fairview-ca' });
    expect(JSON.parse(stderr.lines[1] ?? '')).toMatchObject({ msg: 'after' });
  });

  it('writes the readable line to a terminal a person reads (make demo), JSON to a pipe or a file', () => {
    const terminal = { ...collector(), isTTY: true };
    const logger = createLogger({ level: 'info', destination: createLogRelay(terminal) });
    logger.info({ url: 'http://127.0.0.1:3000' }, 'server listening');
    logger.warn({ expected: '/srv/web/dist' }, 'web app not built: serving the API only');
    expect(terminal.lines).toEqual(['info     server listening\n', 'warning  web app not built: serving the API only\n']);
  });
});
