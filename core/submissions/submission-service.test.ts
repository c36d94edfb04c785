import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../index.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import { CITY_REQUEST_REQUIRED_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '../domain/submissions.js';
import { readCityRequest, readContact } from './submission-input.js';

describe('readContact', () => {
  const ok = { email: ' ana@example.org ', topic: 'Feedback', message: ' Thanks! ' };

  it('trims, and stores an empty phone as null (spec §3)', () => {
    expect(readContact({ ...ok, phone: '  ' })).toEqual({ email: 'ana@example.org', phone: null, topic: 'Feedback', message: 'Thanks!' });
    expect(readContact({ ...ok, phone: '555-0100' }).phone).toBe('555-0100');
    expect(readContact(ok).phone).toBeNull();
  });

  it.each([{ email: '' }, { topic: undefined }, { message: '   ' }])('says "Please fill in all required fields." when one is missing: %j', (change) => {
    expect(() => readContact({ ...ok, ...change })).toThrow(REQUIRED_FIELDS_MESSAGE);
  });

  it('refuses an unknown topic and a malformed email', () => {
    expect(() => readContact({ ...ok, topic: 'Spam' })).toThrow(/Unknown topic/);
    expect(() => readContact({ ...ok, email: 'ana' })).toThrow(/valid email/);
  });
});

describe('readCityRequest', () => {
  it('takes one of the 50 states by name (or code) and stores the name', () => {
    expect(readCityRequest({ state: 'Oregon', city_name: ' Bend ', email: 'a@b.org' })).toEqual({ state: 'Oregon', city_name: 'Bend', email: 'a@b.org' });
    expect(readCityRequest({ state: 'ny', city_name: 'Ithaca', email: 'a@b.org' }).state).toBe('New York');
  });

  it('refuses DC, territories, blanks and bad emails', () => {
    for (const state of ['District of Columbia', 'Puerto Rico', 'Atlantis']) {
      expect(() => readCityRequest({ state, city_name: 'X', email: 'a@b.org' })).toThrow(/one of the 50 US states/);
    }
    expect(() => readCityRequest({ state: 'Oregon', city_name: ' ', email: 'a@b.org' })).toThrow(CITY_REQUEST_REQUIRED_MESSAGE);
    expect(() => readCityRequest({ state: 'Oregon', city_name: 'Bend', email: 'nope' })).toThrow(/valid email/);
  });
});

describe.each(TEST_ENGINES)('submission service on %s', (engine) => {
  let core: Core;
  beforeAll(async () => {
    core = await createTestCore(engine);
  });
  afterAll(async () => {
    await core.close();
  });

  it('inserts city requests and contact messages', async () => {
    await core.submissions.requestCity({ state: 'Texas', city_name: 'Marfa', email: 'r@example.org' });
    await core.submissions.submitContact({ email: 'c@example.org', phone: '', topic: 'Media Inquiry', message: 'Hello' });
    expect(await testDb(core).selectFrom('city_request').select(['state', 'city_name', 'email']).execute()).toEqual([
      { state: 'Texas', city_name: 'Marfa', email: 'r@example.org' },
    ]);
    expect(await testDb(core).selectFrom('contact_submissions').select(['email', 'phone', 'topic', 'message']).execute()).toEqual([
      { email: 'c@example.org', phone: null, topic: 'Media Inquiry', message: 'Hello' },
    ]);
  });
});
