import { describe, expect, it } from 'vitest';
import { pickRunOptions, type RunOptions } from './run-options.js';

const EVERY_OPTION: Required<RunOptions> = {
  since: new Date('2026-01-31T00:00:00Z'),
  limit: 5,
  stages: ['analysis', 'story'],
  concurrency: 3,
  force: true,
  replaceEdited: true,
  dryRun: true,
  maxCostUsd: 0,
};

describe('pickRunOptions, the one copier of run options between the front doors and the pipeline', () => {
  it('copies every run option that was asked for, a $0 budget included', () => {
    expect(pickRunOptions(EVERY_OPTION)).toEqual(EVERY_OPTION);
  });

  it('leaves out what was not asked for, and nothing else comes along', () => {
    expect(pickRunOptions({ since: undefined, limit: 0, force: false, dryRun: undefined, maxCostUsd: undefined })).toEqual({});
    const withExtras = { ...EVERY_OPTION, city: 'fairview-ca', json: true, maxCost: 2 };
    expect(Object.keys(pickRunOptions(withExtras)).sort()).toEqual(Object.keys(EVERY_OPTION).sort());
  });
});
