import { describe, expect, it } from 'vitest';
import { isCityRequestComplete } from './submissions.js';

describe('isCityRequestComplete (spec §5: the Notify rule)', () => {
  const complete = { state: 'Oregon', cityName: 'Bend', email: 'ana@example.org' };

  it('needs one of the 50 states, a city name and an email', () => {
    expect(isCityRequestComplete(complete)).toBe(true);
    expect(isCityRequestComplete({ ...complete, state: '' })).toBe(false);
    expect(isCityRequestComplete({ ...complete, state: 'Puerto Rico' })).toBe(false);
    expect(isCityRequestComplete({ ...complete, state: 'oregon' })).toBe(false);
    expect(isCityRequestComplete({ ...complete, cityName: '  ' })).toBe(false);
    expect(isCityRequestComplete({ ...complete, email: '' })).toBe(false);
  });
});
