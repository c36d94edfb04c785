import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { isAppError, type Core } from '../../core/index.js';
import '../types.js';
import type { DeviceCookies } from './device-cookie.js';

export type PassportInstance = InstanceType<typeof Passport>;

/**
 * A passport instance of the app's own (not the module singleton, so two apps in one process,
 * as in tests, never share strategies). Sessions hold only the user id. A refused attempt
 * (RATE_LIMITED, the account's password throttle) goes on as an error: the route answers 429.
 */
export function createPassport(core: Core, devices: DeviceCookies): PassportInstance {
  const passport = new Passport();
  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password', passReqToCallback: true }, (req, email, password, done) => {
      // A browser that signed in to the account before is not slowed by others' failures.
      const trustedDevice = (normalized: string) => devices.trusts(req, normalized);
      core.auth.signInWithPassword(email, password, { trustedDevice }).then(
        (user) => done(null, user),
        (error: unknown) => {
          if (isAppError(error) && error.code === 'UNAUTHENTICATED') done(null, false, { message: error.message });
          else done(error);
        },
      );
    }),
  );
  passport.serializeUser((user, done) => done(null, user.id));
  passport.deserializeUser((id: unknown, done) => {
    if (typeof id !== 'string') {
      done(null, false);
      return;
    }
    // An account deleted elsewhere signs its sessions out (false drops the user from the session).
    core.auth.getUser(id).then(
      (user) => done(null, user ?? false),
      (error: unknown) => done(error),
    );
  });
  return passport;
}
