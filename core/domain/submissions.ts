import { z } from 'zod/mini';
import { CONTACT_TOPICS } from './enums.js';
import { US_STATES, type UsState } from './us-state-names.js';

/**
 * What visitors send (spec §5, api.md): a city coverage request and a contact message, as
 * the web app builds them. The server checks the same rules (core/submissions) and more.
 * zod/mini, as every core/domain schema the web app loads (session.ts says why).
 */

/** Spec §5/§8: the contact form's message for any missing required field. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';

export const cityRequestBodySchema = z.object({
  state: z.enum(US_STATES),
  city_name: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)),
  email: z.string().check(z.trim(), z.minLength(1), z.maxLength(254)),
});
export type CityRequestBody = z.infer<typeof cityRequestBodySchema>;

export const contactBodySchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, REQUIRED_FIELDS_MESSAGE), z.maxLength(254)),
  /** Optional; an empty phone is sent as null (spec §3). */
  phone: z.nullable(z.string().check(z.trim(), z.maxLength(40))),
  topic: z.enum(CONTACT_TOPICS, { error: REQUIRED_FIELDS_MESSAGE }),
  message: z.string().check(z.trim(), z.minLength(1, REQUIRED_FIELDS_MESSAGE), z.maxLength(5000)),
});
export type ContactBody = z.infer<typeof contactBodySchema>;

/** The 201 answer of both. */
export const submissionCreatedSchema = z.object({ id: z.string() });

const isUsState = (value: string): value is UsState => (US_STATES as readonly string[]).includes(value);

/** Spec §5: Notify is enabled only when the state is one of the 50, and city name and email are filled. */
export function isCityRequestComplete(form: { state: string; cityName: string; email: string }): boolean {
  return isUsState(form.state) && form.cityName.trim() !== '' && form.email.trim() !== '';
}
