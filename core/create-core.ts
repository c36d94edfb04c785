/**
 * The composition root: the one place that picks the adapters, opens the database and hands
 * each service the ports and repositories it uses. The CLI and the server get the services
 * (`Core`), never the database handle or the adapters; lint holds them to that
 * (eslint.config.js, FACADE RULE).
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { createFixtureDemoData } from './adapters/fixture/demo-data.js';
import { createDiskBlobStore } from './adapters/disk/disk-blob-store.js';
import { createLocalAnalyzer } from './adapters/local-model.js';
import { createMailer } from './adapters/mail/select-mailer.js';
import { DEFAULT_MODEL_LIMITS } from './adapters/openai/rate-limit.js';
import { createOpenAiModel } from './adapters/openai-model.js';
import { createVideoSource } from './adapters/youtube/select-source.js';
import { createTranscriptSource } from './adapters/youtube-transcript/select-transcript-source.js';
import { createAlertService, type AlertService } from './alerts/alert-service.js';
import { createAnalyticsService, type AnalyticsService } from './analytics/analytics-service.js';
import type { AuthService } from './auth/auth-service.js';
import { createAuthServices, type AuthTuning } from './auth/auth-services.js';
import type { ProfileService } from './auth/profile-service.js';
import type { SessionService } from './auth/session-service.js';
import { createCityService, type CityService } from './cities/city-service.js';
import type { Config } from './config.js';
import { openDatabase, type Database } from './db/database.js';
import { hasBeenMigrated, migrateToLatest } from './db/migrate.js';
import type { DB } from './db/schema.js';
import { createDirectoryService, type DirectoryService } from './directory/directory-service.js';
import { createErrorReportService, type ErrorReportService } from './error-reports/error-report-service.js';
import { AppError } from './errors.js';
import { createExportService, type ExportService } from './exports/export-service.js';
import { createFeedService, type FeedService } from './feeds/feed-service.js';
import { createFunctionsService, type FunctionsService } from './functions/functions-service.js';
import type { Logger } from './logger.js';
import { createDatabaseAdmin, type DatabaseAdmin } from './maintenance/database-admin.js';
import { createNewsroomService, type NewsroomService } from './newsroom/newsroom-service.js';
import { createPipelineService, type PipelineService } from './pipeline/service.js';
import type { BlobStore } from './ports/blob-store.js';
import type { Analyzer } from './ports/language-model.js';
import type { Mailer } from './ports/mailer.js';
import type { ModelLimiter } from './ports/model-limiter.js';
import type { TranscriptSource } from './ports/transcript-source.js';
import type { VideoSource } from './ports/video-source.js';
import { createPrivacyService, type PrivacyService } from './privacy/privacy-service.js';
import type { WorkerDeps } from './queue/handlers.js';
import { createQueueService, type QueueService } from './queue/queue-service.js';
import { createSharedRateLimiter } from './queue/shared-rate-limiter.js';
import { createReportService, type ReportService } from './reports/report-service.js';
import { createSearchService, type SearchService } from './search/search-service.js';
import { createSiteMapService, type SiteMapService } from './site/site-map.js';
import { createSourceService, type SourceService } from './sources/source-service.js';
import { createUploadService, type UploadService } from './storage/upload-service.js';
import { createSubmissionService, type SubmissionService } from './submissions/submission-service.js';
import { createUserService, type UserService } from './users/user-service.js';
import { createVideoService, type VideoService } from './videos/video-service.js';

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
  /** Migrations, demo data, and where the data lives (`civic db ...`). */
  databaseAdmin: DatabaseAdmin;
  /** Deletes the personal data the privacy page says is not kept (server hourly, batches). */
  privacy: PrivacyService;
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
  /** The pg-boss job queue and its workers (PostgreSQL only; see config.queue). */
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

/** The analyzer the configuration asks for: OpenAI (paced by `modelLimiter` when given) or the local one. */
function createAnalyzer(config: Config, options: { modelLimiter?: ModelLimiter } = {}): Analyzer {
  if (config.analyzer !== 'openai' || !config.openai.apiKey) return createLocalAnalyzer();
  return createOpenAiModel({
    apiKey: config.openai.apiKey,
    model: config.openai.model,
    ...(config.openai.baseUrl ? { baseUrl: config.openai.baseUrl } : {}),
    limits: { ...DEFAULT_MODEL_LIMITS, requestsPerMinute: config.openai.requestsPerMinute, tokensPerMinute: config.openai.tokensPerMinute },
    ...(options.modelLimiter ? { limiter: options.modelLimiter } : {}),
  });
}

/** The adapters the configuration asks for: YouTube or fixtures, OpenAI or the local analyzer. */
export function createPorts(config: Config): Ports {
  return {
    videoSource: createVideoSource({
      apiKey: config.youtube.apiKey,
      apiBaseUrl: config.youtube.apiBaseUrl,
      feedBaseUrl: config.youtube.feedBaseUrl,
      webBaseUrl: config.youtube.webBaseUrl,
      fixturesDir: config.fixturesDir,
    }),
    transcriptSource: createTranscriptSource({ webBaseUrl: config.youtube.webBaseUrl, fixturesDir: config.fixturesDir }),
    analyzer: createAnalyzer(config),
  };
}

/**
 * A worker's analyzer: with OpenAI, every worker draws from one per-minute allowance kept in
 * the database, with up to its `concurrency` requests in flight; otherwise the core's own.
 */
function workerAnalyzer(config: Config, db: Kysely<DB>, ports: Ports, concurrency: number): Analyzer {
  if (config.analyzer !== 'openai') return ports.analyzer;
  const { model, requestsPerMinute, tokensPerMinute } = config.openai;
  const modelLimiter = createSharedRateLimiter(db, model, { requestsPerMinute, tokensPerMinute, maxConcurrent: concurrency });
  return createAnalyzer(config, { modelLimiter });
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

/** The services over an open database and chosen adapters (createCore, and tests and benchmarks with their own database). */
export function assembleCore({ config, logger, database, ports, authTuning }: AssembleCoreOptions): Core {
  const { db, engine } = database;
  // One mailer for account mail and alerts alike.
  const mailer = ports.mailer ?? createMailer(config, logger);
  const authServices = createAuthServices({ db, config, logger, mailer, tuning: authTuning });
  const search = createSearchService(database);
  const alerts = createAlertService({ db, search, mailer, logger, site: config });
  const privacy = createPrivacyService(db);
  const workerDeps = (concurrency: number): WorkerDeps => ({
    db,
    engine,
    logger,
    ...ports,
    analyzer: workerAnalyzer(config, db, ports, concurrency),
    afterVideo: alerts.publishSoon,
    privacy,
  });
  const queue = createQueueService({ db, engine, databaseUrl: config.databaseUrl, logger, settings: config.queue, workerDeps });
  const newsroom = createNewsroomService(db);
  return {
    config,
    logger,
    databaseAdmin: createDatabaseAdmin(database, createFixtureDemoData(config.fixturesDir)),
    privacy,
    pipeline: createPipelineService({ db, engine, logger, ...ports, afterVideo: alerts.publishSoon }),
    cities: createCityService(db),
    sources: createSourceService(db, { fixturesDir: config.fixturesDir }),
    videos: createVideoService({ db, engine, logger, ...ports }),
    reports: createReportService(db, engine),
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
    functions: createFunctionsService({ db, engine, logger, ...ports, afterVideo: alerts.publishSoon, ...(config.queue.enabled ? { viaQueue: queue } : {}) }),
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
