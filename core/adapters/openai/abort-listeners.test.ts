import { getEventListeners } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAi } from '../../testing/fake-openai.js';
import { analyzerFor, harness, MEETING } from '../../testing/openai-harness.js';

let fake: FakeOpenAi;
beforeAll(async () => {
  fake = await startFakeOpenAi({ apiKey: 'test-key' });
});
afterAll(() => fake.close());

// Issue 26: a worker's signal is given to every model call it makes; the SDK adds an abort
// listener per request and never removes it, so past ten calls Node warned of a leak.
describe('model calls on one long-lived signal', () => {
  it('leave no abort listener behind and raise no MaxListenersExceededWarning, in sequence or side by side', async () => {
    const warnings: string[] = [];
    const onWarning = (warning: Error) => warnings.push(`${warning.name}: ${warning.message}`);
    process.on('warning', onWarning);
    try {
      const h = harness();
      const analyzer = analyzerFor(fake, h);
      const worker = new AbortController();
      const meeting = { segments: MEETING, title: 'City Council, June 17', publishedAt: '2025-06-18T00:00:00Z' };
      const analysis = await analyzer.analyze(meeting, { signal: worker.signal, onCall: h.onCall });
      // Stories are one direct call each: the SDK's listener landed on the worker's signal itself.
      for (let i = 0; i < 12; i++) await analyzer.writeStory({ analysis, segments: MEETING }, { signal: worker.signal, onCall: h.onCall });
      expect(getEventListeners(worker.signal, 'abort')).toHaveLength(0);
      await Promise.all([
        ...Array.from({ length: 16 }, () => analyzer.analyze(meeting, { signal: worker.signal, onCall: h.onCall })),
        ...Array.from({ length: 16 }, () => analyzer.writeStory({ analysis, segments: MEETING }, { signal: worker.signal, onCall: h.onCall })),
      ]);
      expect(getEventListeners(worker.signal, 'abort')).toHaveLength(0);
      expect(h.calls).toHaveLength(45);
      // Warnings are emitted on the next tick.
      await new Promise((resolve) => setImmediate(resolve));
      expect(warnings.filter((w) => w.includes('MaxListenersExceeded'))).toEqual([]);
    } finally {
      process.off('warning', onWarning);
    }
  });
});
