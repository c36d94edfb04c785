/** Checks a transcript parser refuses input with a TranscriptFormatError whose message is one line. */
import { expect } from 'vitest';
import { TranscriptFormatError } from '../domain/transcript-formats.js';

export function expectFormatError(run: () => unknown, message: RegExp): void {
  let caught: unknown;
  try {
    run();
  } catch (error) {
    caught = error;
  }
  expect(caught).toBeInstanceOf(TranscriptFormatError);
  const text = (caught as Error).message;
  expect(text).toMatch(message);
  expect(text).not.toContain('\n');
}
