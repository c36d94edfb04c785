import type { CityStatus, ContentType, ListingTier, SourceType } from '../domain/enums.js';

/**
 * The demo cities, their video sources and the business directory that `civic db seed` loads.
 * Adapter: the files of fixtures/demo (adapters/fixture/demo-data.ts), validated as they are
 * read. Rows name each other by key (`city_key`, `category_key`); the seed resolves them to ids.
 */
interface DemoCityRecord {
  name: string;
  state: string;
  county: string;
  location_key: string;
  description: string;
  tag_line: string;
  image_url: string | null;
  domain: string;
  primary_color: string;
  secondary_color: string;
  icon: string;
  status: CityStatus;
}

interface DemoSourceRecord {
  key: string;
  city_key: string;
  title: string;
  url: string;
  content_type: ContentType;
  source_type: SourceType;
  entity_type: string;
}

interface DemoCategoryRecord {
  key: string;
  parent_category: string;
  sub_category: string;
}

interface DemoBusinessRecord {
  name: string;
  description: string;
  street_address: string | null;
  postal_code: string | null;
  telephone: string;
  website: string | null;
  email: string | null;
  image_url: string | null;
  city_key: string;
  category_key: string;
  listing_tier: ListingTier;
  business_key: string;
}

interface DemoData {
  cities: DemoCityRecord[];
  sources: DemoSourceRecord[];
  categories: DemoCategoryRecord[];
  businesses: DemoBusinessRecord[];
}

export interface DemoDataSource {
  /** Every record, or an AppError naming the file and field at fault; nothing partial. */
  load(): Promise<DemoData>;
}
