import fs from 'node:fs';
import path from 'node:path';
import { parseEnv } from 'node:util';
import { z } from 'zod';
import { AppError } from './errors.js';

/**
 * The only place that reads environment variables. Parsed once at start-up; a bad value
 * fails fast with every problem listed, so an operator fixes them in one go.
 */
const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === '' ? undefined : value))
  .optional();

const PROXY_ADDRESS = String.raw`(?:loopback|linklocal|uniquelocal|[0-9a-fA-F.:]+(?:\/\d{1,3})?)`;
const TRUST_PROXY_VALUE = new RegExp(String.raw`^(?:true|false|\d{1,2}|${PROXY_ADDRESS}(?:\s*,\s*${PROXY_ADDRESS})*)$`);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  DATA_DIR: z.string().trim().min(1).default('./data'),
  /** Where `fixture:` sources and `civic db seed` read demo data; unset: the checkout's fixtures/demo. */
  FIXTURES_DIR: optionalString,
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
  ),
  /** How long a command waits for the civic process holding the embedded database to let it in. */
  DB_WAIT_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SITE_NAME: z.string().trim().min(1).default('Town Crier'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** The open API's fair-use limit: public reads a client address may make a minute (issue 27). */
  API_READS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  /**
   * The interface `civic serve` listens on: this machine only by default, so a demo's public
   * admin password is no use to anyone else on the network. 0.0.0.0 (or ::) in a container;
   * behind a reverse proxy on the same host the default is right.
   */
  HOST: z.string().trim().min(1).default('127.0.0.1'),
  SESSION_SECRET: optionalString,
  /**
   * The site's public origin (https://example.org): the only origin of links in emails (a
   * request's Host header is the sender's to forge). Defaults to http://localhost:PORT;
   * required in production (crossChecks).
   */
  PUBLIC_URL: optionalString.pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }).optional()),
  /** Express `trust proxy`: true, false, a hop count, or addresses/subnets (loopback, 10.0.0.0/8, …). */
  TRUST_PROXY: optionalString.pipe(
    z
      .string()
      .regex(TRUST_PROXY_VALUE, 'must be true, false, a hop count, or a comma-separated list of addresses, subnets, loopback, linklocal or uniquelocal')
      .optional(),
  ),
  YOUTUBE_API_KEY: optionalString,
  YOUTUBE_API_BASE_URL: optionalString.pipe(z.url().optional()),
  YOUTUBE_FEED_BASE_URL: optionalString.pipe(z.url().optional()),
  YOUTUBE_WEB_BASE_URL: optionalString.pipe(z.url().optional()),
  OPENAI_API_KEY: optionalString,
  OPENAI_BASE_URL: optionalString.pipe(z.url().optional()),
  CIVIC_MODEL: z.string().trim().min(1).default('gpt-4o-mini'),
  CIVIC_ANALYZER: z.enum(['local', 'openai']).optional(),
  /** The model account's rate limits, per minute; with workers they hold for all of them together. */
  CIVIC_MODEL_RPM: z.coerce.number().int().min(1).default(500),
  CIVIC_MODEL_TPM: z.coerce.number().int().min(1).default(200_000),
  SMTP_URL: optionalString.pipe(z.string().regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://').optional()),
  MAIL_FROM: z.string().trim().min(3).default('Town Crier <no-reply@localhost>'),
  /** The admin account (an email) `civic story` edits, approves and corrects as when --as is not given. */
  CIVIC_EDITOR: optionalString,
  /** 1: the server's model functions and 'Refresh videos' go through the job queue (PostgreSQL only). */
  CIVIC_QUEUE: z.enum(['0', '1', '']).optional(),
  /** A job still active this long is taken for dead (its worker crashed) and handed to another worker. */
  CIVIC_QUEUE_JOB_EXPIRY_SECONDS: z.coerce.number().int().min(5).max(86_400).default(900),
  /** How often workers look for expired jobs and tidy the queue tables. */
  CIVIC_QUEUE_MAINTENANCE_SECONDS: z.coerce.number().int().min(1).max(3_600).default(60),
  /** First wait before a failed job's retry (doubling, with jitter, for later ones). */
  CIVIC_QUEUE_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3_600).default(10),
  /** How often an idle worker asks for new jobs, in milliseconds. */
  CIVIC_QUEUE_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1_000),
  /** How often a worker says it is alive; one silent for three beats is not responding. */
  CIVIC_WORKER_HEARTBEAT_SECONDS: z.coerce.number().int().min(1).max(300).default(10),
});

/** Rules across variables, listed with the schema's issues so one run shows every problem. */
function crossChecks(source: Record<string, string | undefined>): string[] {
  const lines: string[] = [];
  if (source.NODE_ENV?.trim() === 'production' && !source.PUBLIC_URL?.trim()) {
    lines.push('PUBLIC_URL: required in production (the https:// origin users reach the site at; links in emails use it)');
  }
  if (source.CIVIC_QUEUE?.trim() === '1' && !source.DATABASE_URL?.trim()) {
    lines.push(`CIVIC_QUEUE: ${QUEUE_NEEDS_POSTGRES}`);
  }
  return lines;
}

type Env = z.infer<typeof envSchema>;

/** Why the job queue refuses the embedded database (pg-boss keeps its jobs in PostgreSQL). */
export const QUEUE_NEEDS_POSTGRES = 'the job queue needs PostgreSQL: set DATABASE_URL';

/**
 * The variables of a dotenv file (`civic --env-file`, or `.env` in the working directory), for
 * cron and systemd, which start `civic` with almost no environment. The caller puts the real
 * environment over them: a variable set where `civic` runs wins over the file. A named file
 * that cannot be read is a configuration error; an absent optional one is no file.
 */
export function readEnvFile(file: string, options: { optional?: boolean } = {}): Record<string, string> {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (options.optional && (code === 'ENOENT' || code === 'ENOTDIR')) return {};
    throw new AppError('CONFIG', `Cannot read the environment file ${path.resolve(file)}: ${code ?? String(error)}`, { cause: error });
  }
  return parseEnv(text) as Record<string, string>;
}

export interface Config {
  env: Env['NODE_ENV'];
  dataDir: string;
  /** Absolute; undefined means the demo fixtures shipped in fixtures/demo. */
  fixturesDir: string | undefined;
  databaseUrl: string | undefined;
  /** DB_WAIT_SECONDS in ms: the wait for another civic process holding the embedded database to share it. */
  dbWaitMs: number;
  logLevel: Env['LOG_LEVEL'];
  siteName: string;
  port: number;
  /** HOST: the interface the server listens on (127.0.0.1 unless set). */
  host: string;
  sessionSecret: string | undefined;
  /** Origin for links in emails, without a trailing slash: PUBLIC_URL, else http://localhost:PORT. */
  publicUrl: string;
  /** TRUST_PROXY as Express takes it; undefined lets the server choose (loopback behind https). */
  trustProxy?: boolean | number | string | undefined;
  /** API_READS_PER_MINUTE: public API reads per client address a minute. */
  apiReadsPerMinute: number;
  youtube: { apiKey?: string; apiBaseUrl?: string; feedBaseUrl?: string; webBaseUrl?: string };
  openai: { apiKey?: string; baseUrl?: string; model: string; requestsPerMinute: number; tokensPerMinute: number };
  /** Which analyzer runs: `openai` when a key is set (or asked for), otherwise the offline `local` one. */
  analyzer: 'local' | 'openai';
  mail: { smtpUrl?: string; from: string };
  /** CIVIC_EDITOR: whom `civic story` edits are recorded as without --as (an admin's email). */
  editor: string | undefined;
  /**
   * The pg-boss job queue. `enabled` (CIVIC_QUEUE=1, PostgreSQL only) sends the server's model
   * functions and refreshes through it; `civic worker` and `--queue` use it either way.
   */
  queue: { enabled: boolean; jobExpirySeconds: number; maintenanceSeconds: number; retryDelaySeconds: number; pollMs: number; heartbeatSeconds: number };
}

export function loadConfig(source: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(source);
  const crossIssues = crossChecks(source);
  if (!parsed.success || crossIssues.length > 0) {
    const schemaIssues = parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    const lines = [...schemaIssues, ...crossIssues];
    throw new AppError('CONFIG', `Invalid configuration: ${lines.join('; ')}`, { details: lines });
  }
  const env = parsed.data;
  if (env.CIVIC_ANALYZER === 'openai' && !env.OPENAI_API_KEY) {
    throw new AppError('CONFIG', 'Invalid configuration: CIVIC_ANALYZER=openai needs OPENAI_API_KEY');
  }
  return {
    env: env.NODE_ENV,
    dataDir: path.resolve(env.DATA_DIR),
    fixturesDir: env.FIXTURES_DIR === undefined ? undefined : path.resolve(env.FIXTURES_DIR),
    databaseUrl: env.DATABASE_URL,
    dbWaitMs: env.DB_WAIT_SECONDS * 1000,
    logLevel: env.LOG_LEVEL,
    siteName: env.SITE_NAME,
    port: env.PORT,
    apiReadsPerMinute: env.API_READS_PER_MINUTE,
    host: env.HOST,
    sessionSecret: env.SESSION_SECRET,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    youtube: {
      apiKey: env.YOUTUBE_API_KEY,
      apiBaseUrl: env.YOUTUBE_API_BASE_URL,
      feedBaseUrl: env.YOUTUBE_FEED_BASE_URL,
      webBaseUrl: env.YOUTUBE_WEB_BASE_URL,
    },
    openai: {
      apiKey: env.OPENAI_API_KEY,
      baseUrl: env.OPENAI_BASE_URL,
      model: env.CIVIC_MODEL,
      requestsPerMinute: env.CIVIC_MODEL_RPM,
      tokensPerMinute: env.CIVIC_MODEL_TPM,
    },
    analyzer: env.CIVIC_ANALYZER ?? (env.OPENAI_API_KEY ? 'openai' : 'local'),
    mail: { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM },
    editor: env.CIVIC_EDITOR,
    queue: {
      enabled: env.CIVIC_QUEUE === '1' && env.DATABASE_URL !== undefined,
      jobExpirySeconds: env.CIVIC_QUEUE_JOB_EXPIRY_SECONDS,
      maintenanceSeconds: env.CIVIC_QUEUE_MAINTENANCE_SECONDS,
      retryDelaySeconds: env.CIVIC_QUEUE_RETRY_DELAY_SECONDS,
      pollMs: env.CIVIC_QUEUE_POLL_MS,
      heartbeatSeconds: env.CIVIC_WORKER_HEARTBEAT_SECONDS,
    },
  };
}

/** TRUST_PROXY as Express takes it: a boolean, a hop count, or the address list as written. */
function parseTrustProxy(value: string | undefined): boolean | number | string | undefined {
  if (value === 'true' || value === 'false') return value === 'true';
  if (value !== undefined && /^\d+$/.test(value)) return Number(value);
  return value;
}
