import { describe, expect, it } from 'vitest';
import { describeModelCalls, describeModelUsage, describeRunStatus } from './model-usage.js';

const none = { calls: 0, failedCalls: 0, offlineCalls: 0, tokensIn: 0, tokensOut: 0, costUsd: 0 };

describe('model usage in words', () => {
  it('counts model calls, with the failed ones', () => {
    expect(describeModelCalls({ calls: 1, offlineCalls: 0, failedCalls: 0 })).toBe('1 model call');
    expect(describeModelCalls({ calls: 4, offlineCalls: 0, failedCalls: 1 })).toBe('4 model calls (1 failed)');
    expect(describeModelUsage({ ...none, calls: 4, failedCalls: 1, tokensIn: 1200, tokensOut: 300, costUsd: 0.0042 })).toBe(
      '4 model calls (1 failed), 1.2k tokens in / 300 out, $0.0042',
    );
  });

  it("names the offline analyzer's runs as such, without tokens or a bill", () => {
    expect(describeModelUsage({ ...none, calls: 10, offlineCalls: 10, tokensIn: 5000 })).toBe('10 offline analyzer runs, no model called, $0.00');
    expect(describeModelCalls({ calls: 1, offlineCalls: 1, failedCalls: 0 })).toBe('1 offline analyzer run');
  });

  it('tells model calls and offline runs apart when a city has both', () => {
    expect(describeModelUsage({ ...none, calls: 12, offlineCalls: 10, tokensIn: 1000, tokensOut: 200, costUsd: 0.01 })).toBe(
      '2 model calls and 10 offline analyzer runs, 1.0k tokens in / 200 out, $0.01',
    );
  });

  it('says no calls in words', () => {
    expect(describeModelUsage(none)).toBe('no model calls');
  });

  it("says a run's stored status as a reader would", () => {
    expect(describeRunStatus('failed')).toBe('ended with failures');
    expect(describeRunStatus('running')).toBe('still running');
    expect(describeRunStatus('done')).toBe('done');
  });
});
