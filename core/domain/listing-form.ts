import { z } from 'zod/mini';

/**
 * The directory admin's listing form (spec §7's fields): the server parses PATCH
 * /api/admin/businesses/:id with `listingEditSchema` and builds the create body's schema on it;
 * the web form checks its values with `listingFormSchema`, which adds the required name. Core's
 * listing-input.ts reads the fields' meaning (an email, a website, a tier).
 */
export const BUSINESS_NAME_REQUIRED = 'Business name is required';

const text = (max: number) => z.string().check(z.maxLength(max, `At most ${max} characters`));
/** null clears an optional field. */
const optionalText = (max: number) => z.optional(z.nullable(text(max)));

export const listingEditSchema = z.object({
  name: z.optional(text(200)),
  description: optionalText(5000),
  street_address: optionalText(300),
  postal_code: optionalText(20),
  telephone: optionalText(40),
  email: optionalText(254),
  website: optionalText(2048),
  listing_tier: z.optional(text(10)),
  image_url: optionalText(2048),
});

/** What the add and edit dialogs check before sending: a name that is not blank. */
export const listingFormSchema = z.extend(listingEditSchema, {
  name: z.string({ error: BUSINESS_NAME_REQUIRED }).check(z.trim(), z.minLength(1, BUSINESS_NAME_REQUIRED), z.maxLength(200, 'At most 200 characters')),
});
