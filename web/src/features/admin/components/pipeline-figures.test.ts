import { describe, expect, it } from 'vitest';
import { describeCalls, describeUsage } from './pipeline-figures.js';

const usage = { calls: 0, failed_calls: 0, offline_calls: 0, tokens_in: 0, tokens_out: 0, cost_usd: 0, meetings: 0, per_meeting: null };

describe('the pipeline figures in words', () => {
  it('counts model calls, with the failed ones', () => {
    expect(describeCalls(1, 0, 0)).toBe('1 model call');
    expect(describeCalls(4, 0, 1)).toBe('4 model calls (1 failed)');
    expect(describeUsage({ ...usage, calls: 4, failed_calls: 1, tokens_in: 1200, tokens_out: 300, cost_usd: 0.0042 })).toBe(
      '4 model calls (1 failed), 1,500 tokens, $0.0042',
    );
  });

  it("names the offline analyzer's runs as such, without tokens", () => {
    expect(describeUsage({ ...usage, calls: 10, offline_calls: 10 })).toBe('10 offline analyzer runs, $0.00');
    expect(describeCalls(1, 1, 0)).toBe('1 offline analyzer run');
  });

  it('tells model calls and offline runs apart when a city has both', () => {
    expect(describeUsage({ ...usage, calls: 12, offline_calls: 10, tokens_in: 1000, tokens_out: 200, cost_usd: 0.01 })).toBe(
      '2 model calls and 10 offline analyzer runs, 1,200 tokens, $0.01',
    );
  });

  it('says no calls as zero model calls', () => {
    expect(describeUsage(usage)).toBe('0 model calls, 0 tokens, $0.00');
  });
});
