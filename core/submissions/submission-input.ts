import {
  cityRequestBodySchema,
  contactBodySchema,
  type CityRequestSubmission,
  type ContactSubmission,
} from '../domain/submissions.js';
import { parseOrRefuse } from '../validation.js';

/** What any front door hands core is checked again. Email, topic and message required; an empty phone is stored as null (spec §3, §5): core/domain/submissions.ts's rules. */
export function readContact(input: unknown): ContactSubmission {
  return parseOrRefuse(contactBodySchema, input);
}

/** One of the 50 US states (its name, or its 2-letter code, stored as the name), a city name and an email. */
export function readCityRequest(input: unknown): CityRequestSubmission {
  return parseOrRefuse(cityRequestBodySchema, input);
}
