import { CONTACT_TOPICS, type ContactTopic } from '../domain/enums.js';
import { US_STATES, type UsState } from '../domain/us-state-names.js';
import { AppError } from '../errors.js';
import { stateName, toStateCode } from '../cities/us-states.js';
import { REQUIRED_FIELDS_MESSAGE } from '../domain/submissions.js';

/** Spec §5 and §8: the contact form's one message for anything missing (shared with the web app). */
export { REQUIRED_FIELDS_MESSAGE };
export const CITY_REQUEST_REQUIRED_MESSAGE = 'State, city name and email are required';

export const MAX_EMAIL = 254;
export const MAX_PHONE = 40;
export const MAX_MESSAGE = 5000;
export const MAX_CITY_NAME = 100;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const bad = (message: string) => new AppError('BAD_INPUT', message);

export interface ContactInput {
  email?: string | undefined;
  phone?: string | null | undefined;
  topic?: string | undefined;
  message?: string | undefined;
}

export interface ContactRow {
  email: string;
  phone: string | null;
  topic: ContactTopic;
  message: string;
}

/** Email, topic and message required; an empty phone is stored as null (spec §3, §5). */
export function readContact(input: ContactInput): ContactRow {
  const email = input.email?.trim() ?? '';
  const topic = input.topic?.trim() ?? '';
  const message = input.message?.trim() ?? '';
  if (!email || !topic || !message) throw bad(REQUIRED_FIELDS_MESSAGE);
  const phone = input.phone?.trim() || null;
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) throw bad('Please enter a valid email address.');
  const knownTopic = CONTACT_TOPICS.find((value) => value === topic);
  if (!knownTopic) throw bad(`Unknown topic "${topic}": one of ${CONTACT_TOPICS.join(', ')}`);
  if (phone !== null && phone.length > MAX_PHONE) throw bad(`Phone number is longer than ${MAX_PHONE} characters`);
  if (message.length > MAX_MESSAGE) throw bad(`Message is longer than ${MAX_MESSAGE} characters`);
  return { email, phone, topic: knownTopic, message };
}

export interface CityRequestInput {
  state?: string | undefined;
  city_name?: string | undefined;
  email?: string | undefined;
}

/** One of the 50 US states (its name, or its 2-letter code, stored as the name), a city name and an email. */
export function readCityRequest(input: CityRequestInput): { state: UsState; city_name: string; email: string } {
  const stateInput = input.state?.trim() ?? '';
  const cityName = input.city_name?.trim().replace(/\s+/g, ' ') ?? '';
  const email = input.email?.trim() ?? '';
  if (!stateInput || !cityName || !email) throw bad(CITY_REQUEST_REQUIRED_MESSAGE);
  const code = toStateCode(stateInput);
  const name = code ? stateName(code) : undefined;
  const state = US_STATES.find((value) => value === name);
  if (!state) throw bad(`Unknown state "${stateInput}": one of the 50 US states`);
  if (cityName.length > MAX_CITY_NAME) throw bad(`City name is longer than ${MAX_CITY_NAME} characters`);
  if (email.length > MAX_EMAIL || !EMAIL.test(email)) throw bad('Please enter a valid email address.');
  return { state, city_name: cityName, email };
}
