import { z } from 'zod/mini';
import { CONTACT_TOPICS } from './enums.js';
import { US_STATES, type UsState } from './us-state-names.js';
import { stateName, toStateCode } from './us-states.js';

/**
 * What visitors send (spec §5, §8, api.md): a city coverage request and a contact message. The
 * one statement of their rules: the server parses request bodies with these schemas, core's
 * submission service parses its input with them again (it serves any front door), and the web
 * app takes its field limits and messages from here. zod/mini, as every core/domain schema the
 * web app loads (session.ts says why).
 */

/** Spec §5/§8: the contact form's message for any missing required field. */
export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields.';
/** Spec §8: the contact form's toasts. */
export const CONTACT_SENT_TITLE = 'Success!';
export const CONTACT_SENT_MESSAGE = "Your message has been sent successfully. We'll get back to you soon.";
export const CONTACT_FAILED_MESSAGE = 'Failed to send your message. Please try again.';
export const CITY_REQUEST_REQUIRED_MESSAGE = 'State, city name and email are required';
export const INVALID_EMAIL_MESSAGE = 'Please enter a valid email address.';

/** Longest values taken, in characters (an address as RFC 5321 allows; the columns' sizes). */
export const SUBMISSION_LIMITS = { email: 254, phone: 40, message: 5000, cityName: 100, topic: 100, state: 60 } as const;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const isBlank = (input: unknown) => typeof input !== 'string' || input.trim() === '';
const tooLong = (what: string, max: number) => `${what} is longer than ${max} characters`;

/** A required text field: trimmed, its absence said in the form's one message. */
const requiredText = (missing: string, what: string, max: number) =>
  z.string({ error: missing }).check(z.trim(), z.minLength(1, missing), z.maxLength(max, tooLong(what, max)));

const email = (missing: string) =>
  requiredText(missing, 'Email', SUBMISSION_LIMITS.email).check(z.regex(EMAIL, { error: (issue) => (isBlank(issue.input) ? missing : INVALID_EMAIL_MESSAGE) }));

/** Missing: the form's message; anything else: the topics there are. */
const topic = z.pipe(
  z.string({ error: REQUIRED_FIELDS_MESSAGE }).check(z.trim(), z.maxLength(SUBMISSION_LIMITS.topic, tooLong('Topic', SUBMISSION_LIMITS.topic))),
  z.enum(CONTACT_TOPICS, {
    error: (issue) => (isBlank(issue.input) ? REQUIRED_FIELDS_MESSAGE : `Unknown topic "${String(issue.input)}": one of ${CONTACT_TOPICS.join(', ')}`),
  }),
);

/** Optional; blank or absent is stored as null (spec §3). */
const phone = z.pipe(
  z.optional(z.nullable(z.string({ error: 'Phone must be text' }).check(z.trim(), z.maxLength(SUBMISSION_LIMITS.phone, tooLong('Phone number', SUBMISSION_LIMITS.phone))))),
  z.transform((value) => value || null),
);

export const contactBodySchema = z.object({
  email: email(REQUIRED_FIELDS_MESSAGE),
  phone,
  topic,
  message: requiredText(REQUIRED_FIELDS_MESSAGE, 'Message', SUBMISSION_LIMITS.message),
});
/** What the site sends (phone may be left out); what parsing gives back has phone as text or null. */
export type ContactBody = z.input<typeof contactBodySchema>;
export type ContactSubmission = z.output<typeof contactBodySchema>;

/** One of the 50 states, by name or postal code in any case ("ny"), stored as its name. */
const state = z.pipe(
  requiredText(CITY_REQUEST_REQUIRED_MESSAGE, 'State', SUBMISSION_LIMITS.state),
  z.transform((input, context): UsState => {
    const code = toStateCode(input);
    const name = code ? stateName(code) : undefined;
    if (name) return name;
    context.issues.push({ code: 'custom', input, message: `Unknown state "${input}": one of the 50 US states` });
    return z.NEVER;
  }),
);

export const cityRequestBodySchema = z.object({
  state,
  city_name: z.pipe(
    requiredText(CITY_REQUEST_REQUIRED_MESSAGE, 'City name', SUBMISSION_LIMITS.cityName),
    z.transform((name) => name.replace(/\s+/g, ' ')),
  ),
  email: email(CITY_REQUEST_REQUIRED_MESSAGE),
});
export type CityRequestBody = z.input<typeof cityRequestBodySchema>;
export type CityRequestSubmission = z.output<typeof cityRequestBodySchema>;

/** The 201 answer of both. */
export const submissionCreatedSchema = z.object({ id: z.string() });

const isUsState = (value: string): value is UsState => (US_STATES as readonly string[]).includes(value);

/** Spec §5: Notify is enabled only when the state is one of the 50, and city name and email are filled. */
export function isCityRequestComplete(form: { state: string; cityName: string; email: string }): boolean {
  return isUsState(form.state) && form.cityName.trim() !== '' && form.email.trim() !== '';
}
