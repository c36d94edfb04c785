import { describe, expect, it } from 'vitest';
// @ts-expect-error: the launcher's helper is plain JavaScript (it runs before anything is compiled).
import { SHORT_COMMAND_FLAGS, v8FlagsFor } from '../bin/v8-flags.js';

const flagsFor = v8FlagsFor as (args: string[]) => string | null;

describe('the V8 flags bin/civic.js sets', () => {
  it('gives short commands the memory-saving flags', () => {
    expect(SHORT_COMMAND_FLAGS).toBe('--liftoff-only --optimize-for-size');
    for (const args of [['ingest', '--city', 'fairview-ca'], ['batch'], ['queue', 'status'], ['--env-file', 'worker.env', 'report'], []]) {
      expect(flagsFor(args)).toBe(SHORT_COMMAND_FLAGS);
    }
  });

  // Issue 26: workers ran with the short commands' flags, ~20% more CPU a job.
  it('leaves V8 its defaults for the long-running serve and worker, wherever the word stands', () => {
    for (const args of [['worker'], ['worker', '--concurrency', '8'], ['--env-file', '.env', 'worker'], ['--json', 'worker'], ['serve', '--port', '3000'], ['--env-file', 'serve', 'serve']]) {
      expect(flagsFor(args)).toBeNull();
    }
    // The value of --env-file is not the command.
    expect(flagsFor(['--env-file', 'worker', 'ingest'])).toBe(SHORT_COMMAND_FLAGS);
  });
});
