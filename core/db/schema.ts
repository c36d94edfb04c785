/**
 * Kysely's view of the tables made by migrations/; keep it in step with them. Long because it
 * is one type, DB, that every query is checked against: each table is a few lines of columns,
 * and they read best side by side, where a foreign key's table is a few lines away. Split per
 * table, DB would import thirty files back into one place.
 */
import type { ColumnType, Generated, GeneratedAlways, Insertable, Selectable, Updateable } from 'kysely';
import type { AnalysisResults } from '../domain/analysis.js';

/** Columns with a database default are optional on insert. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type RequiredTimestamp = ColumnType<Date, Date | string, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string | T, string | T>;
type JsonWithDefault<T> = ColumnType<T, string | T | undefined, string | T>;
/** numeric comes back as a string from both drivers; we write numbers. */
type Numeric = ColumnType<string, number | string | undefined, number | string>;

interface CitiesTable {
  id: Generated<string>;
  name: string;
  state: Generated<string>;
  county: string | null;
  location_key: string;
  description: string | null;
  tag_line: string | null;
  image_url: string | null;
  domain: string | null;
  primary_color: Generated<string>;
  secondary_color: Generated<string>;
  icon: string | null;
  status: Generated<string>;
  /** Stories wait for an editor's approval before the public sees them (migration 0019). */
  story_review: Generated<boolean>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CityUrlsTable {
  id: Generated<string>;
  title: string | null;
  url: string;
  content_type: string | null;
  source_type: string | null;
  entity_type: Generated<string>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface CitiesUrlsTable {
  city_id: string;
  url_id: string;
  created_at: Timestamp;
}

interface CityVideosTable {
  id: Generated<string>;
  video_id: string;
  city_id: string;
  city_urls_id: string | null;
  title: string | null;
  description: string | null;
  transcript: string | null;
  transcript_edited_at: NullableTimestamp;
  /** A person edited title or description (migration 0014): re-discovery keeps them. */
  details_edited_at: NullableTimestamp;
  channel_title: string | null;
  published_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
  thumbnail_url: string | null;
  video_url: string | null;
  analysis_results: Json<AnalysisResults | null>;
  news_story: string | null;
  story_generated_at: NullableTimestamp;
  /** A story waiting for review (migration 0019): never read by a public route. */
  draft_story: string | null;
  draft_generated_at: NullableTimestamp;
  /** A person edited the current story text (draft or published). */
  story_edited_at: NullableTimestamp;
  /** A person approved or edited the published story. */
  story_reviewed_at: NullableTimestamp;
  story_reviewed_by: string | null;
  /** When the meeting was first analysed (migration 0021, set by a trigger): what alerts call new. */
  analysed_at: NullableTimestamp;
  /** Generated from transcript, analysis_results and news_story (migration 0010): cheap to list. */
  has_transcript: GeneratedAlways<boolean>;
  has_analysis: GeneratedAlways<boolean>;
  has_story: GeneratedAlways<boolean>;
  analysis_summary: GeneratedAlways<string | null>;
  /** Generated: lower(title) and lower(description), for search's substring match (migration 0012). */
  title_lower: GeneratedAlways<string | null>;
  description_lower: GeneratedAlways<string | null>;
}

interface TranscriptSegmentsTable {
  city_video_id: string;
  seq: number;
  start_ms: number;
  end_ms: number;
  speaker: string | null;
  text: string;
  tsv: ColumnType<string, never, never>;
}

/** Each meeting's distinct transcript lexemes, kept by triggers on transcript_segments (migration 0020): for search's -word. */
interface MeetingWordsTable {
  city_video_id: string;
  words: ColumnType<string, never, never>;
}

interface UsersTable {
  id: Generated<string>;
  email: string;
  password_hash: string | null;
  email_confirmed_at: NullableTimestamp;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface ProfilePreferences {
  home_city_id?: string;
  [key: string]: unknown;
}

interface ProfilesTable {
  id: string;
  username: string | null;
  home_city_key: string | null;
  preferences: JsonWithDefault<ProfilePreferences>;
  created_at: Timestamp;
  updated_at: Timestamp;
}

interface UserRolesTable {
  user_id: string;
  role: string;
  created_at: Timestamp;
}

interface SessionsTable {
  sid: string;
  sess: Json<Record<string, unknown>>;
  user_id: string | null;
  expires_at: RequiredTimestamp;
  created_at: Timestamp;
}

export interface AuthCodesTable {
  id: Generated<string>;
  email: string;
  purpose: 'login' | 'signup' | 'confirm' | 'reset';
  code_hash: string;
  attempts: Generated<number>;
  home_city_key: string | null;
  /** The password a sign-up's confirmation token sets when confirmed (confirm tokens only). */
  password_hash: string | null;
  expires_at: RequiredTimestamp;
  consumed_at: NullableTimestamp;
  created_at: Timestamp;
}

interface BusinessCategoriesTable {
  id: Generated<string>;
  parent_category: string;
  sub_category: string;
}

interface BusinessListingsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  street_address: string | null;
  postal_code: string | null;
  telephone: string | null;
  website: string | null;
  email: string | null;
  image_url: string | null;
  city_id: string | null;
  business_category: string | null;
  listing_tier: Generated<string>;
  business_key: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
  user_email: string | null;
  subscription_status: string | null;
  stripe_subscription_id: string | null;
  stripe_customer_id: string | null;
}

interface CityRequestTable {
  id: Generated<string>;
  state: string;
  city_name: string;
  email: string;
  created_at: Timestamp;
}

interface ContactSubmissionsTable {
  id: Generated<string>;
  email: string;
  phone: string | null;
  topic: string;
  message: string;
  created_at: Timestamp;
}

interface PipelineRunsTable {
  id: Generated<string>;
  command: string;
  options: JsonWithDefault<Record<string, unknown>>;
  status: Generated<'running' | 'done' | 'failed' | 'interrupted'>;
  summary: Json<Record<string, unknown> | null>;
  started_at: Timestamp;
  finished_at: NullableTimestamp;
}

/** A job a worker has in hand: pg-boss's queue and id, and when this attempt started (ms). */
export interface WorkerJob {
  queue: string;
  id: string;
  started: number;
}

/** A `civic worker` process: registered at start, beating while it lives (migration 0020). */
interface WorkersTable {
  id: string;
  host: string;
  pid: number;
  concurrency: number;
  heartbeat_seconds: number;
  started_at: Timestamp;
  heartbeat_at: Timestamp;
  stopped_at: NullableTimestamp;
  jobs: JsonWithDefault<WorkerJob[]>;
}

/** A queued run's --max-cost, spent by every worker that takes one of its jobs. */
interface QueueBudgetsTable {
  id: Generated<string>;
  limit_usd: Numeric;
  spent_usd: Generated<Numeric>;
  created_at: Timestamp;
}

/** The model calls of the last minute across all workers (shared rate limits). */
interface ModelRateUsageTable {
  id: Generated<string>;
  model: string;
  at: Timestamp;
  tokens: number;
}

/** Password sign-in attempts per address from untrusted clients (core/auth/password-throttle.ts). */
export interface PasswordAttemptsTable {
  email: string;
  window_started_at: RequiredTimestamp;
  last_attempt_at: RequiredTimestamp;
  failures: Generated<number>;
  next_attempt_at: RequiredTimestamp;
  notified_at: NullableTimestamp;
}

/** Residents' reports of a mistake in a story (migration 0018, issue 24). */
interface ErrorReportsTable {
  id: Generated<string>;
  city_video_id: string;
  /** Which revision of the story the report is about (null: the meeting had no story). */
  story_generated_at: NullableTimestamp;
  message: string;
  moment_ms: number | null;
  email: string | null;
  created_at: Timestamp;
  resolved_at: NullableTimestamp;
  resolved_by: string | null;
}

export type RevisionAction = 'generated' | 'edited' | 'approved' | 'corrected';
export type RevisionTarget = 'published' | 'draft' | 'decisions';

/** The newsroom's history of a meeting's story and decisions (migration 0019, issue 24). */
interface StoryRevisionsTable {
  id: Generated<string>;
  city_video_id: string;
  created_at: Timestamp;
  author_id: string | null;
  action: RevisionAction;
  target: RevisionTarget;
  changed: JsonWithDefault<string[]>;
  story: string | null;
  decisions: ColumnType<unknown[] | null, string | null | undefined, string | null>;
  correction_note: string | null;
}

export type StageRowStatus = 'pending' | 'running' | 'done' | 'failed' | 'skipped';

interface SourceSyncsTable {
  url_id: string;
  status: StageRowStatus;
  attempts: Generated<number>;
  last_error: string | null;
  videos_found: Generated<number>;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
}

export interface VideoStagesTable {
  city_video_id: string;
  stage: 'transcript' | 'analysis' | 'story' | 'verify';
  status: StageRowStatus;
  attempts: Generated<number>;
  last_error: string | null;
  run_id: string | null;
  started_at: NullableTimestamp;
  finished_at: NullableTimestamp;
  duration_ms: number | null;
  updated_at: Timestamp;
}

interface LlmCallsTable {
  id: Generated<string>;
  city_video_id: string | null;
  run_id: string | null;
  purpose: string;
  provider: string;
  model: string;
  tokens_in: Generated<number>;
  tokens_out: Generated<number>;
  latency_ms: Generated<number>;
  cost_usd: Numeric;
  ok: boolean;
  error: string | null;
  created_at: Timestamp;
}

interface AnalyticsEventsTable {
  id: Generated<string>;
  name: string;
  properties: JsonWithDefault<Record<string, unknown>>;
  path: string | null;
  created_at: Timestamp;
}

interface UploadsTable {
  id: Generated<string>;
  bucket: string;
  object_key: string;
  content_type: string;
  size_bytes: number;
  sha256: string;
  original_name: string | null;
  uploaded_by: string | null;
  business_id: string | null;
  created_at: Timestamp;
}

export type SavedSearchFrequency = 'immediate' | 'daily' | 'weekly';

/** A member's saved search and its alert (migration 0021, issue 27). */
export interface SavedSearchesTable {
  id: Generated<string>;
  user_id: string;
  query: string;
  /** websearch_to_tsquery('english', query)::text when saved. */
  query_tree: string;
  /** Empty: every public city. */
  city_ids: ColumnType<string[], string[] | undefined, string[]>;
  frequency: SavedSearchFrequency;
  paused: Generated<boolean>;
  unsubscribe_token: string;
  feed_token: string;
  created_at: Generated<Date>;
  last_digest_at: NullableTimestamp;
}

/** The inverted index of saved searches: each search under the terms one of which every match holds. */
interface SavedSearchTermsTable {
  lexeme: string;
  saved_search_id: string;
}

export type AlertDeliveryStatus = 'sending' | 'pending' | 'sent' | 'capped' | 'failed';

/** One (saved search, meeting) claim: at most one email ever mentions a meeting for a search. */
interface AlertDeliveriesTable {
  saved_search_id: string;
  city_video_id: string;
  status: AlertDeliveryStatus;
  matches: Json<unknown>;
  claimed_at: Generated<Date>;
  sent_at: NullableTimestamp;
}

interface AlertScansTable {
  city_video_id: string;
  scanned_at: Generated<Date>;
}

interface AlertWatermarkTable {
  id: Generated<boolean>;
  scanned_through: Date;
}

export interface DB {
  cities: CitiesTable;
  city_urls: CityUrlsTable;
  cities_urls: CitiesUrlsTable;
  city_videos: CityVideosTable;
  transcript_segments: TranscriptSegmentsTable;
  meeting_words: MeetingWordsTable;
  users: UsersTable;
  profiles: ProfilesTable;
  user_roles: UserRolesTable;
  sessions: SessionsTable;
  auth_codes: AuthCodesTable;
  business_categories: BusinessCategoriesTable;
  business_listings: BusinessListingsTable;
  city_request: CityRequestTable;
  contact_submissions: ContactSubmissionsTable;
  pipeline_runs: PipelineRunsTable;
  source_syncs: SourceSyncsTable;
  video_stages: VideoStagesTable;
  llm_calls: LlmCallsTable;
  analytics_events: AnalyticsEventsTable;
  uploads: UploadsTable;
  queue_budgets: QueueBudgetsTable;
  model_rate_usage: ModelRateUsageTable;
  password_attempts: PasswordAttemptsTable;
  error_reports: ErrorReportsTable;
  story_revisions: StoryRevisionsTable;
  workers: WorkersTable;
  saved_searches: SavedSearchesTable;
  saved_search_terms: SavedSearchTermsTable;
  alert_deliveries: AlertDeliveriesTable;
  alert_scans: AlertScansTable;
  alert_watermark: AlertWatermarkTable;
}

export type City = Selectable<CitiesTable>;
export type NewCity = Insertable<CitiesTable>;
export type CityUpdate = Updateable<CitiesTable>;
export type CityUrl = Selectable<CityUrlsTable>;
export type NewCityUrl = Insertable<CityUrlsTable>;
export type CityVideo = Selectable<CityVideosTable>;
export type NewCityVideo = Insertable<CityVideosTable>;
export type User = Selectable<UsersTable>;
export type Profile = Selectable<ProfilesTable>;
export type BusinessCategory = Selectable<BusinessCategoriesTable>;
export type BusinessListing = Selectable<BusinessListingsTable>;
export type NewBusinessListing = Insertable<BusinessListingsTable>;
export type VideoStage = Selectable<VideoStagesTable>;
export type Upload = Selectable<UploadsTable>;
export type NewUpload = Insertable<UploadsTable>;
