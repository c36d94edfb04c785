import type { Request } from 'express';
import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';
import { sendError } from '../http-errors.js';

/**
 * Requests per window (design §5: sign-in, sign-up and codes are rate-limited; issue 18: so
 * are the visitor forms). Per client address, plus per email address for what sends mail.
 */
export interface RateLimitSettings {
  windowMs: number;
  /** Failed password sign-ins (successful ones do not count). */
  login: number;
  signup: number;
  /** Code emails requested. */
  otpSend: number;
  /** Failed code verifications and failed confirmation tokens. */
  otpVerify: number;
  /**
   * Sign-ups and code requests naming one email address, from any client. Counted alike for
   * every address, whether or not it has an account (no enumeration), and over a short window
   * so that someone flooding an address cannot lock its owner out for long.
   */
  perEmail: number;
  perEmailWindowMs: number;
  /**
   * Contact messages, city requests and error reports stored per client (each form its own count; a refused
   * form does not count, so fixing a typo costs nothing).
   */
  submissions: number;
  submissionsWindowMs: number;
}

const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  windowMs: 15 * 60_000,
  login: 20,
  signup: 10,
  otpSend: 5,
  otpVerify: 20,
  perEmail: 5,
  perEmailWindowMs: 10 * 60_000,
  submissions: 5,
  submissionsWindowMs: 10 * 60_000,
};

export interface AuthRateLimiters {
  login: RateLimitRequestHandler;
  signup: RateLimitRequestHandler;
  otpSend: RateLimitRequestHandler;
  otpVerify: RateLimitRequestHandler;
  /** Shared by sign-up and code requests: one count per email address. */
  perEmail: RateLimitRequestHandler;
}

export interface SubmissionRateLimiters {
  contact: RateLimitRequestHandler;
  cityRequest: RateLimitRequestHandler;
  /** "Report an error" on a story or meeting page (issue 24). */
  errorReport: RateLimitRequestHandler;
}

interface LimiterOptions {
  windowMs: number;
  limit: number;
  skipSuccessfulRequests?: boolean;
  skipFailedRequests?: boolean;
  keyGenerator?: (req: Request) => string;
  skip?: (req: Request) => boolean;
}

function limiter({ windowMs, limit, skipSuccessfulRequests = false, skipFailedRequests = false, keyGenerator, skip }: LimiterOptions): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipSuccessfulRequests,
    skipFailedRequests,
    ...(keyGenerator ? { keyGenerator } : {}),
    ...(skip ? { skip } : {}),
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler(_req, res) {
      sendError(res, 'RATE_LIMITED', 'Too many attempts. Please wait a few minutes and try again.');
    },
  });
}

/** The email a body names, compared as accounts are (trimmed, lowercased); undefined when there is none. */
function bodyEmail(req: Request): string | undefined {
  const email = (req.body as { email?: unknown } | undefined)?.email;
  if (typeof email !== 'string') return undefined;
  const normalized = email.trim().toLowerCase();
  return normalized === '' ? undefined : normalized;
}

function settingsOf(overrides: Partial<RateLimitSettings>): RateLimitSettings {
  return { ...DEFAULT_RATE_LIMITS, ...overrides };
}

export function createAuthRateLimiters(overrides: Partial<RateLimitSettings> = {}): AuthRateLimiters {
  const settings = settingsOf(overrides);
  const { windowMs } = settings;
  return {
    login: limiter({ windowMs, limit: settings.login, skipSuccessfulRequests: true }),
    signup: limiter({ windowMs, limit: settings.signup }),
    otpSend: limiter({ windowMs, limit: settings.otpSend }),
    otpVerify: limiter({ windowMs, limit: settings.otpVerify, skipSuccessfulRequests: true }),
    perEmail: limiter({
      windowMs: settings.perEmailWindowMs,
      limit: settings.perEmail,
      keyGenerator: (req) => `email:${bodyEmail(req) ?? ''}`,
      // No address: the route refuses the body with a 400; nothing to count.
      skip: (req) => bodyEmail(req) === undefined,
    }),
  };
}

export function createSubmissionRateLimiters(overrides: Partial<RateLimitSettings> = {}): SubmissionRateLimiters {
  const settings = settingsOf(overrides);
  const perClient = () => limiter({ windowMs: settings.submissionsWindowMs, limit: settings.submissions, skipFailedRequests: true });
  return { contact: perClient(), cityRequest: perClient(), errorReport: perClient() };
}
