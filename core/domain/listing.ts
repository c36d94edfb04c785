import { z } from 'zod/mini';
import { cityRefSchema } from './city.js';

/**
 * The directory answers of api.md as server/presenters/listings.ts sends them (spec §3
 * business_listings and business_categories). zod/mini like city.ts: the public directory
 * parses up to thousands of listings and should not carry the classic API's weight.
 */
export const listingSchema = z.object({
  id: z.string(),
  name: z.string(),
  description: z.nullable(z.string()),
  street_address: z.nullable(z.string()),
  postal_code: z.nullable(z.string()),
  telephone: z.nullable(z.string()),
  website: z.nullable(z.string()),
  email: z.nullable(z.string()),
  image_url: z.nullable(z.string()),
  city_id: z.nullable(z.string()),
  business_category: z.nullable(z.string()),
  listing_tier: z.string(),
  business_key: z.nullable(z.string()),
  created_at: z.string(),
  updated_at: z.string(),
  city: z.nullable(cityRefSchema),
});
export type Listing = z.infer<typeof listingSchema>;
export const listingListSchema = z.array(listingSchema);

/** Admin answers add the owner's e-mail and subscription status (never payment-provider ids). */
export const adminListingSchema = z.extend(listingSchema, {
  user_email: z.nullable(z.string()),
  subscription_status: z.nullable(z.string()),
});
export type AdminListing = z.infer<typeof adminListingSchema>;

/** `GET /api/admin/businesses`: one page of 12 and the number of listings the filters match. */
export const adminListingPageSchema = z.object({
  rows: z.array(adminListingSchema),
  total: z.int().check(z.nonnegative()),
  page: z.int().check(z.positive()),
  page_size: z.int().check(z.positive()),
});
export type AdminListingPage = z.infer<typeof adminListingPageSchema>;

const categorySchema = z.object({
  id: z.string(),
  parent_category: z.string(),
  sub_category: z.string(),
});
export type Category = z.infer<typeof categorySchema>;
export const categoryListSchema = z.array(categorySchema);

/** Spec §9: image maximum 10 MB. */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;

/** Spec §5 and §8: toast title and description for each refused image. */
export const INVALID_TYPE = { message: 'Invalid file type', description: 'Please select an image file' } as const;
export const TOO_LARGE = { message: 'File too large', description: 'Please select an image smaller than 10MB' } as const;

/** `POST /api/admin/uploads/business-images` (201). */
export const uploadedImageSchema = z.object({
  url: z.string(),
  key: z.string(),
  content_type: z.string(),
  size_bytes: z.number(),
});
