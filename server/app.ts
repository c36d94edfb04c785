import fs from 'node:fs';
import path from 'node:path';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { Core } from '../core/index.js';
import { createCsrf } from './auth/csrf.js';
import { createDeviceCookies, type DeviceCookies } from './auth/device-cookie.js';
import { createIdentify } from './auth/identify.js';
import { createPassport, type PassportInstance } from './auth/passport.js';
import { resolveSessionSecret } from './auth/session-secret.js';
import { createSessionMiddleware } from './auth/sessions.js';
import { sendError } from './http-errors.js';
import { errorHandler } from './middleware/errors.js';
import { createPublicCache, PUBLIC_CACHE_TTL_MS } from './middleware/public-cache.js';
import { createAuthRateLimiters, createSubmissionRateLimiters, type RateLimitSettings } from './middleware/rate-limits.js';
import { jsonBody } from './middleware/json-body.js';
import { rejectBadUrl } from './middleware/reject-bad-url.js';
import { rejectNulInBody } from './middleware/reject-nul.js';
import { requestLogging } from './middleware/request-logging.js';
import { securityHeaders } from './middleware/security.js';
import { createAuthRouter } from './routes/auth.js';
import { createPasswordResetRouter } from './routes/auth-password-reset.js';
import { createProfileRouter } from './routes/profile.js';
import { createSavedSearchRouter, createUnsubscribeRouter } from './routes/alerts.js';
import { createPublicReadRouter, createResourceRouter } from './routes/resources.js';
import type { AppLocals } from './types.js';
import { appShell } from './web/app-shell.js';
import { createCrawlerRouter } from './web/crawlers.js';
import { createFeedRouter } from './web/feeds.js';
import { createPublicApi } from './openapi/public-api.js';
import { builtFiles, compressResponses } from './middleware/static-assets.js';

export interface AppOptions {
  /** The built web app (web/dist): served with its client-side routes when the folder exists. */
  webDist?: string | undefined;
  /** Express `trust proxy`; else TRUST_PROXY; else 'loopback' behind https (a reverse proxy on the same host). */
  trustProxy?: boolean | string | number | undefined;
  /** Tighter or looser limits on sign-in, sign-up, codes and the visitor forms (tests use small ones). */
  rateLimits?: Partial<RateLimitSettings> | undefined;
  /** The open API's reads per client address a minute (default: API_READS_PER_MINUTE). */
  apiReadsPerMinute?: number | undefined;
  /** Largest JSON body; transcripts sent to the analysis function are the big ones. */
  jsonLimit?: string | undefined;
  /** How long the public city and directory reads are cached (public-cache.ts); 0 turns it off. */
  publicCacheTtlMs?: number | undefined;
  /** Where a start-up notice for the person at the terminal goes (civic serve: stderr, plain); else the log. */
  notice?: ((sentence: string) => void) | undefined;
}

/** The whole HTTP app over a core, without listening (tests drive it with supertest). */
export function createApp(core: Core, options: AppOptions = {}): Express {
  const secure = servesHttps(core.config);
  const secret = resolveSessionSecret(core.config, core.logger, options.notice);
  const app = express();
  (app.locals as AppLocals).core = core;
  app.disable('x-powered-by');
  // Behind https the TLS ends at a reverse proxy: by default one on this host (README, production).
  const trustProxy = options.trustProxy ?? core.config.trustProxy ?? (secure ? 'loopback' : undefined);
  if (trustProxy !== undefined) app.set('trust proxy', trustProxy);

  app.use(requestLogging(core.logger.child({ component: 'http' })));
  app.use(securityHeaders({ https: secure }));
  app.use(compressResponses());
  // Before any route family reads the path: the API, static files and the pages alike.
  app.use(rejectBadUrl);
  const devices = createDeviceCookies({ secret, secure });
  const passport = createPassport(core, devices);
  // Session, then cookie-parser for csrf-csrf's cookie, then passport (stack.md).
  const identify = createIdentify([
    createSessionMiddleware(core, { secret, secure }),
    cookieParser(),
    passport.initialize(),
    passport.session(),
  ]);
  app.use('/api', createApiRouter(core, { ...options, secret, secure, devices, passport, identify }));
  app.use(createCrawlerRouter(core));
  app.use(createFeedRouter(core));

  const webDist = options.webDist;
  if (webDist && fs.existsSync(path.join(webDist, 'index.html'))) {
    app.use(builtFiles(webDist));
    // Client-side routes (spec §2): every other GET gets the app shell with the page's meta
    // tags; the app shows its 404 page (404 too for an unknown city or video).
    const shell = appShell(core, webDist);
    // A signed-in admin's request is identified: a city being set up is a page for them, a 404 for others.
    app.get('/{*splat}', identify.whenSignedIn, shell.page);
    app.use(shell.refused);
  }
  app.use((_req, res) => {
    sendError(res, 'NOT_FOUND', 'Not found');
  });
  app.use(errorHandler(core.logger.child({ component: 'http' })));
  return app;
}

/**
 * Whether the site is reached over https: in production, or whenever PUBLIC_URL says so (a
 * staging site is as exposed as production). Then cookies are Secure and HSTS is sent.
 */
function servesHttps(config: Pick<Core['config'], 'env' | 'publicUrl'>): boolean {
  return config.env === 'production' || /^https:/i.test(config.publicUrl);
}

interface ApiRouterOptions extends AppOptions {
  secret: string;
  secure: boolean;
  devices: DeviceCookies;
  passport: PassportInstance;
  identify: ReturnType<typeof createIdentify>;
}

function createApiRouter(core: Core, options: ApiRouterOptions): express.Router {
  const api = express.Router();
  const { devices, passport, identify } = options;
  const csrf = createCsrf({ secret: options.secret, secure: options.secure });
  const limits = createAuthRateLimiters(options.rateLimits);
  const publicCache = createPublicCache({ ttlMs: options.publicCacheTtlMs ?? PUBLIC_CACHE_TTL_MS });

  api.use((_req, res, next) => {
    // API answers are per user and must not be cached by browsers or proxies.
    res.set('Cache-Control', 'no-store');
    next();
  });
  // Before the session: the open API's cross-origin rule, fair-use limit and its OpenAPI document.
  api.use(createPublicApi(core, options.apiReadsPerMinute === undefined ? {} : { readsPerMinute: options.apiReadsPerMinute }));
  // The public reads need the session only to tell an admin (who sees every city) from the public.
  api.use(identify.whenSignedIn);
  api.use(createPublicReadRouter(core, publicCache));
  // Signed out, by the token in the address, without CSRF or a JSON body (routes/alerts.ts).
  api.use('/alerts', createUnsubscribeRouter(core));
  api.use(jsonBody(options.jsonLimit ?? '2mb'));
  api.use(rejectNulInBody);
  api.use(identify.always);
  api.use(csrf.protection);

  api.use('/auth', createAuthRouter({ core, passport, csrf, devices, limits }));
  api.use('/auth', createPasswordResetRouter({ core, limits }));
  api.use('/profile/alerts', createSavedSearchRouter(core));
  api.use('/profile', createProfileRouter(core));
  api.use(createResourceRouter(core, publicCache, { submissionLimits: createSubmissionRateLimiters(options.rateLimits) }));
  api.use((req, res) => {
    sendError(res, 'NOT_FOUND', `No API endpoint ${req.method} ${req.baseUrl}${req.path}`);
  });
  return api;
}
