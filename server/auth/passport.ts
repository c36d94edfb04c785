import { Passport } from 'passport';
import { Strategy as LocalStrategy } from 'passport-local';
import { isAppError, type Core } from '../../core/index.js';
import '../types.js';

export type PassportInstance = InstanceType<typeof Passport>;

/**
 * A passport instance of the app's own (not the module singleton, so two apps in one process,
 * as in tests, never share strategies). Sessions hold only the user id.
 */
export function createPassport(core: Core): PassportInstance {
  const passport = new Passport();
  passport.use(
    new LocalStrategy({ usernameField: 'email', passwordField: 'password' }, (email, password, done) => {
      core.auth.signInWithPassword(email, password).then(
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
