/** The closed vocabularies of spec §3, §4 and §9, shared by migrations' checks, the API and the web app. */

export const CITY_STATUSES = ['New', 'Test', 'Live', 'Archive'] as const;
export type CityStatus = (typeof CITY_STATUSES)[number];

export const LISTING_TIERS = ['Tier 1', 'Tier 2', 'Tier 3'] as const;
export type ListingTier = (typeof LISTING_TIERS)[number];

export const TIER_NAMES: Record<ListingTier, string> = {
  'Tier 1': 'Premium Listing',
  'Tier 2': 'Standard Listing',
  'Tier 3': 'Basic Listing',
};

export const SOURCE_TYPES = ['city', 'county', 'school_district', 'school', 'state', 'other'] as const;
export type SourceType = (typeof SOURCE_TYPES)[number];

export const CONTENT_TYPES = ['site', 'video', 'text', 'file', 'other'] as const;
export type ContentType = (typeof CONTENT_TYPES)[number];

export const CONTACT_TOPICS = [
  'General Inquiry',
  'Technical Support',
  'Business Partnership',
  'Media Inquiry',
  'Feedback',
  'Other',
] as const;

export const PIPELINE_STAGES = ['discover', 'transcript', 'analysis', 'story', 'verify'] as const;

export const VERIFICATION_STATUSES = ['verified', 'paraphrased', 'unverified'] as const;
export type VerificationStatus = (typeof VERIFICATION_STATUSES)[number];
