import { describe, expect, it } from 'vitest';
import { CONTACT_TOPICS } from './enums.js';
import {
  CITY_REQUEST_REQUIRED_MESSAGE,
  cityRequestBodySchema,
  contactBodySchema,
  INVALID_EMAIL_MESSAGE,
  isCityRequestComplete,
  REQUIRED_FIELDS_MESSAGE,
  SUBMISSION_LIMITS,
} from './submissions.js';

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

describe('the contact form and city request rules (one schema for the server, core and the site)', () => {
  const ok = { email: ' ana@example.org ', topic: 'Feedback', message: ' Thanks! ' };
  const problem = (schema: typeof contactBodySchema | typeof cityRequestBodySchema, body: unknown) => schema.safeParse(body).error?.issues[0]?.message;

  it('trims, and keeps a blank or absent phone as null (spec §3)', () => {
    expect(contactBodySchema.parse({ ...ok, phone: '  ' })).toEqual({ email: 'ana@example.org', phone: null, topic: 'Feedback', message: 'Thanks!' });
    expect(contactBodySchema.parse(ok).phone).toBeNull();
    expect(contactBodySchema.parse({ ...ok, phone: ' 555-0100 ' }).phone).toBe('555-0100');
  });

  it("says the spec's one message for any required field missing, blank or not text", () => {
    for (const change of [{ email: '' }, { email: undefined }, { topic: '  ' }, { topic: undefined }, { message: '   ' }, { message: 42 }]) {
      expect(problem(contactBodySchema, { ...ok, ...change })).toBe(REQUIRED_FIELDS_MESSAGE);
    }
  });

  it('takes each field up to its limit and refuses one character more, naming the field', () => {
    const at = (field: 'email' | 'phone' | 'message', length: number) => {
      const value = field === 'email' ? `${'a'.repeat(length - 12)}@example.org` : 'x'.repeat(length);
      return problem(contactBodySchema, { ...ok, [field]: value });
    };
    expect(at('message', SUBMISSION_LIMITS.message)).toBeUndefined();
    expect(at('message', SUBMISSION_LIMITS.message + 1)).toBe(`Message is longer than ${SUBMISSION_LIMITS.message} characters`);
    expect(at('phone', SUBMISSION_LIMITS.phone)).toBeUndefined();
    expect(at('phone', SUBMISSION_LIMITS.phone + 1)).toBe(`Phone number is longer than ${SUBMISSION_LIMITS.phone} characters`);
    expect(at('email', SUBMISSION_LIMITS.email)).toBeUndefined();
    expect(at('email', SUBMISSION_LIMITS.email + 1)).toBe(`Email is longer than ${SUBMISSION_LIMITS.email} characters`);
  });

  it('refuses an unknown topic by the topics there are, and a malformed email', () => {
    expect(problem(contactBodySchema, { ...ok, topic: 'Spam' })).toBe(`Unknown topic "Spam": one of ${CONTACT_TOPICS.join(', ')}`);
    expect(problem(contactBodySchema, { ...ok, email: 'ana' })).toBe(INVALID_EMAIL_MESSAGE);
  });

  it('takes a state by name or postal code and keeps its name; refuses anything but the 50', () => {
    expect(cityRequestBodySchema.parse({ state: 'ny', city_name: '  Saratoga   Springs ', email: 'a@b.org' })).toEqual({ state: 'New York', city_name: 'Saratoga Springs', email: 'a@b.org' });
    expect(problem(cityRequestBodySchema, { state: 'Guam', city_name: 'Hagåtña', email: 'a@b.org' })).toBe('Unknown state "Guam": one of the 50 US states');
    expect(problem(cityRequestBodySchema, { state: 'Oregon', email: 'a@b.org' })).toBe(CITY_REQUEST_REQUIRED_MESSAGE);
    expect(problem(cityRequestBodySchema, { state: 'Oregon', city_name: 'x'.repeat(SUBMISSION_LIMITS.cityName + 1), email: 'a@b.org' })).toBe(
      `City name is longer than ${SUBMISSION_LIMITS.cityName} characters`,
    );
  });
});
