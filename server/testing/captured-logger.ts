import { Writable } from 'node:stream';
import { createLogger, type Logger } from '../../core/index.js';

/** A debug-level logger whose JSON lines a test reads back (`text()`, or `errors()`: level ≥ 50). */
export function capturedLogger(): { logger: Logger; text: () => string; errors: () => string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      lines.push(chunk.toString());
      callback();
    },
  });
  const errors = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);
  return { logger: createLogger({ level: 'debug', destination }), text: () => lines.join(''), errors };
}
