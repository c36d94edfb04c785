import { US_STATES, type UsState } from './us-state-names.js';

/** Postal codes of the 50 states, in the order of US_STATES (spec §5: one of the 50 US states). */
const CODES = [
  'AL', 'AK', 'AZ', 'AR', 'CA', 'CO', 'CT', 'DE', 'FL', 'GA', 'HI', 'ID', 'IL', 'IN', 'IA', 'KS', 'KY',
  'LA', 'ME', 'MD', 'MA', 'MI', 'MN', 'MS', 'MO', 'MT', 'NE', 'NV', 'NH', 'NJ', 'NM', 'NY', 'NC', 'ND',
  'OH', 'OK', 'OR', 'PA', 'RI', 'SC', 'SD', 'TN', 'TX', 'UT', 'VT', 'VA', 'WA', 'WV', 'WI', 'WY',
] as const;

const NAME_BY_CODE = new Map<string, UsState>(CODES.map((code, index) => [code, US_STATES[index] as UsState]));
const CODE_BY_NAME = new Map<string, string>(CODES.map((code, index) => [(US_STATES[index] as string).toLowerCase(), code]));

/** "ca", "CA", "California" or " california " -> "CA"; null for anything that is not one of the 50 states. */
export function toStateCode(input: string): string | null {
  const text = input.trim().replace(/\s+/g, ' ');
  const upper = text.toUpperCase();
  if (NAME_BY_CODE.has(upper)) return upper;
  return CODE_BY_NAME.get(text.toLowerCase()) ?? null;
}

export function stateName(code: string): UsState | undefined {
  return NAME_BY_CODE.get(code.toUpperCase());
}
