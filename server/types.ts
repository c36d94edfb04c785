/// <reference types="passport" />
/**
 * Type augmentations for Express. `req.user` is what passport puts on the request after
 * deserializing the session: the signed-in account, minimal on purpose (spec §1).
 */
import type { Core } from '../core/index.js';

declare global {
  // eslint-disable-next-line @typescript-eslint/no-namespace
  namespace Express {
    interface User {
      id: string;
      email: string;
      email_confirmed_at: Date | null;
    }
    interface Request {
      /** Set by requestLogging: the X-Request-Id of this request, sent back and logged. */
      id?: string;
    }
    interface Locals {
      /** Set by requireAdmin (and GET /api/auth/session) once looked up for this request. */
      isAdmin?: boolean;
    }
  }
}

/** What createApp stores in `app.locals` so middlewares can reach core without a closure. */
export interface AppLocals {
  core: Core;
}

export {};
