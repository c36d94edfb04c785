import { rateLimit, type RateLimitRequestHandler } from 'express-rate-limit';

/** Requests per window and client address (design §5: sign-in, sign-up and codes are rate-limited). */
export interface RateLimitSettings {
  windowMs: number;
  /** Failed password sign-ins (successful ones do not count). */
  login: number;
  signup: number;
  /** Code emails requested. */
  otpSend: number;
  /** Failed code verifications. */
  otpVerify: number;
}

export const DEFAULT_RATE_LIMITS: RateLimitSettings = {
  windowMs: 15 * 60_000,
  login: 20,
  signup: 10,
  otpSend: 5,
  otpVerify: 20,
};

export interface AuthRateLimiters {
  login: RateLimitRequestHandler;
  signup: RateLimitRequestHandler;
  otpSend: RateLimitRequestHandler;
  otpVerify: RateLimitRequestHandler;
}

function limiter(windowMs: number, limit: number, skipSuccessfulRequests: boolean): RateLimitRequestHandler {
  return rateLimit({
    windowMs,
    limit,
    skipSuccessfulRequests,
    standardHeaders: 'draft-8',
    legacyHeaders: false,
    handler(_req, res) {
      res.status(429).json({ error: { code: 'RATE_LIMITED', message: 'Too many attempts. Please wait a few minutes and try again.' } });
    },
  });
}

export function createAuthRateLimiters(overrides: Partial<RateLimitSettings> = {}): AuthRateLimiters {
  const settings = { ...DEFAULT_RATE_LIMITS, ...overrides };
  return {
    login: limiter(settings.windowMs, settings.login, true),
    signup: limiter(settings.windowMs, settings.signup, false),
    otpSend: limiter(settings.windowMs, settings.otpSend, false),
    otpVerify: limiter(settings.windowMs, settings.otpVerify, true),
  };
}
