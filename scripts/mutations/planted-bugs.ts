/**
 * The planted bugs of the test-strength check (docs/test-strength.md): each breaks one promise
 * the product makes to residents, editors or operators, in one line, the way a careless edit
 * would. `make planted-bugs` plants them one at a time and runs the tests named beside each: a
 * bug the tests let through is a promise nothing guards.
 */
export interface PlantedBug {
  id: string;
  /** The promise the bug breaks, as a reader of docs/test-strength.md would put it. */
  promise: string;
  file: string;
  /** Text that occurs exactly once in the file, and what the bug puts in its place. */
  find: string;
  replace: string;
  /** The test files that must fail with the bug in place. */
  tests: readonly string[];
  /** Only PostgreSQL runs it (pg-boss): skipped without TEST_DATABASE_URL. */
  postgres?: boolean;
}

export const PLANTED_BUGS: readonly PlantedBug[] = [
  {
    id: 'paraphrase-threshold',
    promise: 'A quote three words in ten away from what was said is not shown as the speaker’s words (paraphrase line 0.75).',
    file: 'core/domain/quote-verification.ts',
    find: 'const PARAPHRASE_THRESHOLD = 0.75;',
    replace: 'const PARAPHRASE_THRESHOLD = 0.6;',
    tests: ['core/domain/quote-verification.test.ts'],
  },
  {
    id: 'short-quotes',
    promise: 'A one- or two-word "quote" ("Thank you") never counts as verified.',
    file: 'core/domain/quote-verification.ts',
    find: 'const MIN_VERIFIED_TOKENS = 3;',
    replace: 'const MIN_VERIFIED_TOKENS = 1;',
    tests: ['core/domain/quote-verification.test.ts'],
  },
  {
    id: 'unverified-decision-kept',
    promise: 'A decision whose evidence the transcript does not hold is dropped, not shown.',
    file: 'core/domain/quote-verification.ts',
    find: 'if (evidence.length > 0) kept.push({ ...decision, evidence });',
    replace: 'kept.push({ ...decision, evidence: evidence.length > 0 ? evidence : decision.evidence });',
    tests: ['core/domain/decisions.test.ts', 'core/adapters/local-analyzer/decision-record.test.ts'],
  },
  {
    id: 'one-open-job-per-key',
    promise: 'Two workers never take the same video: a second job for a key waits while one is waiting, running or retrying.',
    file: 'core/queue/pg-boss-statements.ts',
    find: "singleton_key = job_key and state < 'completed') then",
    replace: "singleton_key = job_key and state < 'created') then",
    tests: ['core/queue/open-job-per-key.test.ts'],
    postgres: true,
  },
  {
    id: 'alert-sent-twice',
    promise: 'An alert for a meeting is mailed once, however many senders run at once.',
    file: 'core/db/repositories/alert-deliveries.ts',
    find: 'return rows.length > 0;',
    replace: 'return rows.length >= 0;',
    tests: ['core/alerts/alert-publisher.test.ts'],
  },
  {
    id: 'session-cookie-readable',
    promise: 'The session cookie is httpOnly: page scripts cannot read it.',
    file: 'server/auth/sessions.ts',
    find: 'cookie: { httpOnly: true,',
    replace: 'cookie: { httpOnly: false,',
    tests: ['server/routes/auth-session.test.ts', 'server/app.test.ts', 'server/routes/auth.test.ts'],
  },
  {
    id: 'csrf-token-unbound',
    promise: 'A CSRF token works only for the session (or visitor) it was issued to.',
    file: 'server/auth/csrf.ts',
    find: "getSessionIdentifier: (req) => (req.user ? req.session.id : (visitorIdOf(req) ?? '')),",
    replace: "getSessionIdentifier: () => 'everyone',",
    tests: ['server/app.test.ts', 'server/routes/auth.test.ts', 'server/routes/auth-session.test.ts'],
  },
  {
    id: 'member-passes-admin-guard',
    promise: 'Only an admin passes the admin routes; a signed-in member gets 403.',
    file: 'server/middleware/guards.ts',
    find: 'if (admin) next();',
    replace: 'if (admin || req.user) next();',
    tests: ['server/routes/permissions.test.ts', 'server/middleware/guards.test.ts'],
  },
  {
    id: 'password-guessing-unlimited',
    promise: 'Password guesses are rate-limited per client.',
    file: 'server/middleware/rate-limits.ts',
    find: 'login: limiter({ windowMs, limit: settings.login,',
    replace: 'login: limiter({ windowMs, limit: settings.login * 1000,',
    tests: ['server/routes/auth-throttle.test.ts', 'server/routes/auth.test.ts'],
  },
  {
    id: 'any-password',
    promise: 'Signing in needs the password whose argon2id hash is stored.',
    file: 'core/auth/passwords.ts',
    find: 'if (await verifyOne(passwordHash, normalized)) return true;',
    replace: 'if (normalized.length > 0) return true;',
    tests: ['server/routes/auth.test.ts', 'core/auth/passwords.test.ts'],
  },
  {
    id: 'new-city-public',
    promise: 'A city being set up (New, Test) is seen by staff only.',
    file: 'core/domain/city-visibility.ts',
    find: "export const PUBLIC_CITY_STATUSES = ['Live', 'Archive'] as const",
    replace: "export const PUBLIC_CITY_STATUSES = ['Live', 'Archive', 'New', 'Test'] as const",
    tests: ['server/routes/city-visibility.test.ts'],
  },
  {
    id: 'draft-story-public',
    promise: 'A story waiting for an editor’s review is never shown to readers.',
    file: 'server/presenters/videos.ts',
    find: 'news_story: video.news_story,',
    replace: 'news_story: video.draft_story ?? video.news_story,',
    tests: ['server/routes/newsroom-public.test.ts'],
  },
  {
    id: 'stale-edit-saved',
    promise: 'An editor saving over a story someone changed since they opened it is refused (409), not silently overwriting.',
    file: 'core/newsroom/newsroom-service.ts',
    find: 'if (version !== undefined && version !== versionOf(current))',
    replace: 'if (version !== undefined && version === "never")',
    tests: ['core/newsroom/newsroom-service.test.ts'],
  },
  {
    id: 'upload-by-name',
    promise: 'An upload is an image because its bytes say so, never its name or declared type.',
    file: 'core/storage/image-check.ts',
    find: 'const type = await fileTypeFromBuffer(bytes);',
    replace: "const type = (await fileTypeFromBuffer(bytes)) ?? { mime: 'image/png', ext: 'png' as const };",
    tests: ['core/storage/upload-service.test.ts', 'server/routes/uploads.test.ts'],
  },
  {
    id: 'csv-formula',
    promise: 'A transcript line like "=HYPERLINK(…)" stays text in a CSV export (no formula injection).',
    file: 'core/domain/csv.ts',
    find: 'const FORMULA_START = /^[=+\\-@\\t\\r]/;',
    replace: 'const FORMULA_START = /^[+@]/;',
    tests: ['core/domain/csv.test.ts'],
  },
  {
    id: 'excluded-word-ignored',
    promise: 'Searching with -word leaves out every meeting where the word is said or written.',
    file: 'core/search/search-sql.ts',
    find: 'return scope.excluded ? sql<boolean>`${city} and v.id not in (${scope.excluded})` : city;',
    replace: 'return city;',
    tests: ['core/search/search-exclusions.test.ts'],
  },
  {
    id: 'analytics-kept-forever',
    promise: 'Analytics events are deleted after 30 days, as the privacy page promises.',
    file: 'core/privacy/retention.ts',
    find: 'const analyticsEvents = await deleteEventsBefore(trx, new Date(now.getTime() - EVENT_RETENTION_DAYS * DAY_MS));',
    replace: 'const analyticsEvents = await deleteEventsBefore(trx, new Date(now.getTime() - 100 * EVENT_RETENTION_DAYS * DAY_MS));',
    tests: ['core/privacy/retention.test.ts'],
  },
];
