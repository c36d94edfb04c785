import { z } from 'zod/mini';
import { NAME_AND_COUNTY_REQUIRED } from './messages.js';

/**
 * The admin city form (spec §3 names, api.md's POST and PATCH /api/admin/cities): the server
 * parses both bodies with `cityFieldsSchema`, and the web form checks its values with
 * `cityFormSchema`, which adds spec §5's rule that name and county are not blank. Core's
 * city-input.ts reads the fields' meaning (a state, a key, a colour) for the CLI and the server
 * alike. A city's URL rows likewise: `urlFieldsSchema` for the server, `urlFormSchema` for the row
 * editor, source-input.ts for the meaning.
 */
const text = (max: number) => z.string().check(z.maxLength(max, `At most ${max} characters`));
/** null clears an optional field. */
const optionalText = (max: number) => z.optional(z.nullable(text(max)));

export const cityFieldsSchema = z.object({
  name: z.optional(text(200)),
  county: z.optional(text(200)),
  state: z.optional(text(60)),
  location_key: z.optional(text(120)),
  description: optionalText(5000),
  tag_line: optionalText(300),
  image_url: optionalText(2048),
  domain: optionalText(255),
  primary_color: optionalText(7),
  secondary_color: optionalText(7),
  icon: optionalText(2048),
  status: z.optional(text(20)),
  /** Issue 24: stories wait for an editor's approval before the public sees them. */
  story_review: z.optional(z.boolean()),
});
export type CityFieldsBody = z.infer<typeof cityFieldsSchema>;

const required = z.string({ error: NAME_AND_COUNTY_REQUIRED }).check(z.trim(), z.minLength(1, NAME_AND_COUNTY_REQUIRED), z.maxLength(200, 'At most 200 characters'));

/** What the create dialog and the details panel check before sending: spec §5's name and county. */
export const cityFormSchema = z.extend(cityFieldsSchema, { name: required, county: required });

export const SOURCE_URL_REQUIRED = 'A source URL is required';

/** `POST /api/admin/cities/:id/urls` and `PATCH /api/admin/urls/:id`: a city's source address. */
export const urlFieldsSchema = z.object({
  url: z.optional(text(2048)),
  title: optionalText(300),
  content_type: z.optional(text(20)),
  source_type: z.optional(text(40)),
  entity_type: z.optional(text(100)),
});

/** What a URL row checks before it is saved: an address. */
export const urlFormSchema = z.extend(urlFieldsSchema, {
  url: z.string({ error: SOURCE_URL_REQUIRED }).check(z.trim(), z.minLength(1, SOURCE_URL_REQUIRED), z.maxLength(2048, 'At most 2048 characters')),
});
