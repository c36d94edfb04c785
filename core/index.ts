/**
 * The public face of core: what the CLI and the server may use. Everything they need is
 * exported here, so the rest of core can change shape without touching them.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createCityService, type CityService } from './cities/city-service.js';
import { createLocalAnalyzer } from './adapters/local-model.js';
import { createOpenAiModel } from './adapters/openai-model.js';
import { createVideoSource } from './adapters/youtube/select-source.js';
import { createTranscriptSource } from './adapters/youtube-transcript/select-transcript-source.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { hasBeenMigrated, migrateToLatest } from './db/migrate.js';
import { AppError } from './errors.js';
import type { DB } from './db/schema.js';
import type { Logger } from './logger.js';
import { createPipelineService, type PipelineService } from './pipeline/service.js';
import type { Analyzer } from './ports/language-model.js';
import type { TranscriptSource } from './ports/transcript-source.js';
import type { VideoSource } from './ports/video-source.js';
import { createReportService, type ReportService } from './reports/report-service.js';
import { createSearchService, type SearchService } from './search/search-service.js';
import { createSourceService, type SourceService } from './sources/source-service.js';
import { createUserService, type UserService } from './users/user-service.js';
import { createAuthServices, type AuthTuning } from './auth/auth-services.js';
import type { AuthService } from './auth/auth-service.js';
import type { ProfileService } from './auth/profile-service.js';
import type { SessionService } from './auth/session-service.js';
import type { Mailer } from './ports/mailer.js';
import { createVideoService, type VideoService } from './videos/video-service.js';
import { createAnalyticsService, type AnalyticsService } from './analytics/analytics-service.js';
import { createDirectoryService, type DirectoryService } from './directory/directory-service.js';
import { createFunctionsService, type FunctionsService } from './functions/functions-service.js';
import type { BlobStore } from './ports/blob-store.js';
import { createDiskBlobStore } from './adapters/disk/disk-blob-store.js';
import { createUploadService, type UploadService } from './storage/upload-service.js';
import { createSubmissionService, type SubmissionService } from './submissions/submission-service.js';
import { createErrorReportService, type ErrorReportService } from './error-reports/error-report-service.js';
import { createNewsroomService, type NewsroomService } from './newsroom/newsroom-service.js';
import { createSiteMapService, type SiteMapService } from './site/site-map.js';
import { createExportService, type ExportService } from './exports/export-service.js';
import { createFeedService, type FeedService } from './feeds/feed-service.js';
import { createQueueService, type QueueService } from './queue/queue-service.js';
import { DEFAULT_MODEL_LIMITS, type ModelLimiter } from './adapters/openai/rate-limit.js';
import { createAlertService, type AlertService } from './alerts/alert-service.js';
import { createMailer } from './adapters/mail/select-mailer.js';

export { loadConfig, readEnvFile, type Config } from './config.js';
export { AppError, isAppError, isKeyRejected, type ErrorCode, type NamedResource } from './errors.js';
export { createLogger, createSilentLogger, type Logger } from './logger.js';
export { openDatabase, describeUrl, embeddedDatabaseExists, type Database, type Engine } from './db/database.js';
export { isConnectionLoss } from './db/sturdy-client.js';
export { migrateToLatest, migrateDownAll, listMigrations, type MigrationReport } from './db/migrate.js';
export { PACKAGE_ROOT } from './package-root.js';
export { seedDemo, type SeedReport } from './demo/seed.js';
export type { DB, City, CityUrl, CityVideo } from './db/schema.js';
export * from './pipeline/progress.js';
export type { RunSummary, PlannedVideo } from './pipeline/run.js';
export type { CityCostEstimate } from './pipeline/dry-run-estimate.js';
export type { IngestRequest, BatchRequest, RunControls, PipelineService } from './pipeline/service.js';
export { pickRunOptions, type RunOptions } from './pipeline/run-options.js';
export type { Analyzer, ModelCall } from './ports/language-model.js';
export type { VideoSource } from './ports/video-source.js';
export type { TranscriptSource } from './ports/transcript-source.js';
export type { CityService, CityDetails, CityRemoval } from './cities/city-service.js';
export { readStatus, type CityInput } from './cities/city-input.js';
export type { CityStatus } from './domain/enums.js';
export type { CityWithCounts } from './db/repositories/cities.js';
export type { CityUrlWithStats } from './db/repositories/city-urls.js';
export type { CityStatsRow } from './db/repositories/city-stats.js';
export type { SourceService, SourceDetails } from './sources/source-service.js';
export type { SourceInput } from './sources/source-input.js';
export type { VideoService, VideoDetails, CityVideoListing, StageState } from './videos/video-service.js';
export { DEFAULT_VIDEO_LIST_LIMIT } from './videos/video-service.js';
export { countQuotes, type QuoteCounts } from './videos/quote-counts.js';
export type { ReportService, Report, ReportFilter, CityReport, DiscoveryFailureLine, LastRun, ModelUsage, VideoProgress } from './reports/report-service.js';
export { daysBefore } from './reports/report-service.js';
export type { SearchService, SearchOptions } from './search/search-service.js';
export type { UserService, AddUserInput, AddedUser } from './users/user-service.js';
export { hashPassword, verifyPassword, MIN_PASSWORD_LENGTH } from './auth/passwords.js';
export type { AuthService, PublicUser, SignUpInput, SignUpResult, PasswordSignInOptions, PasswordThrottleSettings } from './auth/auth-service.js';
export type { AuthTuning } from './auth/auth-services.js';
export { INVALID_CODE_FORMAT, CREDENTIALS_REQUIRED, INVALID_CONFIRMATION } from './auth/auth-service.js';
export { confirmEmailSchema, type ConfirmEmailBody, type ConfirmEmailAnswer } from './domain/auth.js';
export { recoverPasswordSchema, resetPasswordSchema, type RecoverPasswordAnswer, type ResetPasswordAnswer } from './domain/auth.js';
export type { ProfileService, ProfileView } from './auth/profile-service.js';
export { SESSION_IDLE_MS, SESSION_ABSOLUTE_MS, type SessionService } from './auth/session-service.js';
export type { Mailer, MailMessage } from './ports/mailer.js';
export { createOutboxMailer } from './adapters/mail/outbox-mailer.js';
export {
  analyzeTranscriptFiles, type AnalyzeFileOptions, type FileAnalysis, type TranscriptFileContent,
} from './analysis/analyze-file.js';
export type { PartPlacement } from './domain/transcript-parts.js';
export type { CityRef } from './videos/resolve-video.js';
export type { VideoWithCity } from './videos/video-service.js';
export { CITY_PAGE_VIDEOS, MAX_CITY_PAGE_VIDEOS } from './videos/video-service.js';
export type { AdminVideoDetails, PipelineVideo, VideoEdit } from './videos/video-admin.js';
export { VIDEO_BUSY_MESSAGE } from './pipeline/locked-stages.js';
export type { CityStats } from './domain/city.js';
export { isUuid } from './domain/ids.js';
export type { AdminVideoRow, PublicVideoRow, VideoListRow } from './db/repositories/city-videos.js';
export type { DirectoryService, ListingPage } from './directory/directory-service.js';
export { ADMIN_PAGE_SIZE } from './directory/directory-service.js';
export type { ListingWithCity } from './db/repositories/business-listings.js';
export type { ListingInput, NewListingInput } from './directory/listing-input.js';
export type { SubmissionService } from './submissions/submission-service.js';
export type { ErrorReportService, ErrorReportRow } from './error-reports/error-report-service.js';
export type { NewsroomService } from './newsroom/newsroom-service.js';
export type { SiteMapService, SiteMapEntry } from './site/site-map.js';
export type { ExportService, CityExportRequest, ExportFile } from './exports/export-service.js';
export { EXPORT_WHATS, EXPORT_FORMATS, type ExportWhat, type ExportFormat } from './domain/exports.js';
export type { MeetingExport } from './exports/meeting-export.js';
export type { FeedService } from './feeds/feed-service.js';
export type { AlertService } from './alerts/alert-service.js';
export type { PublishReport, DigestReport } from './alerts/alert-publisher.js';
export type { WrittenStory } from './functions/functions-service.js';
export type { AnalyticsService } from './analytics/analytics-service.js';
export { EVENT_RETENTION_DAYS } from './analytics/analytics-service.js';
export { maskSecretParams } from './privacy/secret-params.js';
export { deleteExpiredPersonalData, UNCONFIRMED_ACCOUNT_DAYS, type RetentionReport } from './privacy/retention.js';
export { EVENT_LIMITS } from './analytics/event-input.js';
export type { FunctionsService, RefreshResult } from './functions/functions-service.js';
export type { TranscriptFetchResult } from './functions/transcript-fetch.js';
export { NAME_AND_COUNTY_REQUIRED, NO_ANALYSIS_MESSAGE, NO_TRANSCRIPT_MESSAGE, URL_REQUIRED_MESSAGE } from './domain/messages.js';
export type { UploadService, StoredImage, StoredObject } from './storage/upload-service.js';
export { BUSINESS_IMAGES_BUCKET } from './storage/upload-service.js';
export { MAX_IMAGE_BYTES, INVALID_TYPE, TOO_LARGE } from './storage/image-check.js';
export type { BlobStore } from './ports/blob-store.js';
export { createDiskBlobStore } from './adapters/disk/disk-blob-store.js';
export { createMemoryBlobStore } from './adapters/disk/memory-blob-store.js';
export { QUEUE_NEEDS_POSTGRES } from './config.js';
export type { QueueService, QueueRunRequest } from './queue/queue-service.js';
export type { QueueStatus, QueueStatusRow, WorkerStatus } from './queue/queue-status.js';
export type { EnqueueSummary } from './queue/enqueue.js';
export type { ScheduleEntry } from './queue/job-queue.js';
export type { WorkerSummary } from './queue/worker.js';
export { DEFAULT_MODEL_LIMITS, type ModelLimiter } from './adapters/openai/rate-limit.js';
export { createSharedRateLimiter } from './queue/shared-rate-limiter.js';

export interface Ports {
  videoSource: VideoSource;
  transcriptSource: TranscriptSource;
  analyzer: Analyzer;
  /** Defaults to SMTP with SMTP_URL, else .eml files in DATA_DIR/outbox. */
  mailer?: Mailer;
  /** Uploaded files; defaults to local disk under DATA_DIR/storage. */
  blobStore?: BlobStore;
}

export interface Core {
  config: Config;
  logger: Logger;
  database: Database;
  db: Kysely<DB>;
  ports: Ports;
  pipeline: PipelineService;
  cities: CityService;
  sources: SourceService;
  videos: VideoService;
  reports: ReportService;
  search: SearchService;
  users: UserService;
  auth: AuthService;
  profiles: ProfileService;
  sessions: SessionService;
  directory: DirectoryService;
  submissions: SubmissionService;
  errorReports: ErrorReportService;
  newsroom: NewsroomService;
  siteMap: SiteMapService;
  /** Transcripts, analyses and a city's records as files (issue 27). */
  exports: ExportService;
  /** Atom feeds of the public cities' meetings (issue 27). */
  feeds: FeedService;
  /** Saved searches, their alert emails and private feeds (issue 27). */
  alerts: AlertService;
  analytics: AnalyticsService;
  functions: FunctionsService;
  storage: UploadService;
  /** The pg-boss job queue (PostgreSQL only; see config.queue). */
  queue: QueueService;
  close(): Promise<void>;
}

export interface CreateCoreOptions {
  config: Config;
  logger: Logger;
  /** Bring the schema up to date on start (serve and ingest do; `db` commands manage it themselves). */
  migrate?: boolean;
  /**
   * The database must already be ours (every command but those that create it): one never
   * migrated is refused before anything is written to it, with `details.unmigrated` set.
   */
  existing?: boolean;
  /** Replace adapters (tests and benchmarks point them at fakes). */
  ports?: Partial<Ports>;
}

/**
 * The adapters the configuration asks for: YouTube or fixtures, OpenAI or the local analyzer.
 * A worker passes a model limiter shared through the database instead of the analyzer's own.
 */
export function createPorts(config: Config, options: { modelLimiter?: ModelLimiter } = {}): Ports {
  return {
    videoSource: createVideoSource({
      apiKey: config.youtube.apiKey,
      apiBaseUrl: config.youtube.apiBaseUrl,
      feedBaseUrl: config.youtube.feedBaseUrl,
      webBaseUrl: config.youtube.webBaseUrl,
      fixturesDir: config.fixturesDir,
    }),
    transcriptSource: createTranscriptSource({ webBaseUrl: config.youtube.webBaseUrl, fixturesDir: config.fixturesDir }),
    analyzer:
      config.analyzer === 'openai' && config.openai.apiKey
        ? createOpenAiModel({
            apiKey: config.openai.apiKey,
            model: config.openai.model,
            ...(config.openai.baseUrl ? { baseUrl: config.openai.baseUrl } : {}),
            limits: { ...DEFAULT_MODEL_LIMITS, requestsPerMinute: config.openai.requestsPerMinute, tokensPerMinute: config.openai.tokensPerMinute },
            ...(options.modelLimiter ? { limiter: options.modelLimiter } : {}),
          })
        : createLocalAnalyzer(),
  };
}

export async function createCore({ config, logger, migrate = false, existing = false, ports }: CreateCoreOptions): Promise<Core> {
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    waitMs: config.dbWaitMs,
    onWait: (message) => logger.warn(message),
  });
  logger.debug({ database: database.description }, 'database open');
  if (existing && !(await hasBeenMigrated(database.db).catch(() => true))) {
    await database.close();
    throw new AppError('CONFIG', `${database.description} has no Town Crier tables`, { details: { unmigrated: database.description } });
  }
  if (migrate) {
    try {
      const report = await migrateToLatest(database.db);
      if (report.applied.length > 0) logger.info({ applied: report.applied }, 'migrations applied');
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  return assembleCore({ config, logger, database, ports: { ...createPorts(config), ...ports } });
}

export interface AssembleCoreOptions {
  config: Config;
  logger: Logger;
  /** An open database; closing the core closes it. */
  database: Database;
  ports: Ports;
  /** The auth service's clock and password throttle (tests). */
  authTuning?: AuthTuning | undefined;
}

/** The services over an open database and chosen adapters (createCore, and tests with their own database). */
export function assembleCore({ config, logger, database, ports, authTuning }: AssembleCoreOptions): Core {
  const { db } = database;
  // One mailer for account mail and alerts alike.
  const mailer = ports.mailer ?? createMailer(config, logger);
  const authServices = createAuthServices({ db, config, logger, mailer, tuning: authTuning });
  const search = createSearchService(database);
  const alerts = createAlertService({ db, search, mailer, logger, site: config });
  const queue = createQueueService({ engine: database.engine, databaseUrl: config.databaseUrl, logger, settings: config.queue });
  const newsroom = createNewsroomService(db);
  return {
    config,
    logger,
    database,
    db,
    ports,
    pipeline: createPipelineService({ db, engine: database.engine, logger, ...ports, afterVideo: alerts.publishSoon }),
    cities: createCityService(db),
    sources: createSourceService(db, { fixturesDir: config.fixturesDir }),
    videos: createVideoService({ db, engine: database.engine, logger, ...ports }),
    reports: createReportService(db, database.engine),
    search,
    users: createUserService(db),
    ...authServices,
    directory: createDirectoryService(db),
    submissions: createSubmissionService(db),
    errorReports: createErrorReportService(db, newsroom),
    newsroom,
    siteMap: createSiteMapService(db),
    exports: createExportService(db, config),
    feeds: createFeedService(db, config),
    alerts,
    analytics: createAnalyticsService(db),
    functions: createFunctionsService({ db, engine: database.engine, logger, ...ports, afterVideo: alerts.publishSoon, ...(config.queue.enabled ? { viaQueue: queue } : {}) }),
    storage: createUploadService({ db, blobStore: ports.blobStore ?? createDiskBlobStore(path.join(config.dataDir, 'storage')) }),
    queue,
    close: async () => {
      await queue.close();
      // Mail and account work that requests started but did not wait for finishes first.
      await authServices.auth.settle();
      await alerts.settle();
      await database.close();
    },
  };
}
