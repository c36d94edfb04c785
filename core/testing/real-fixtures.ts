import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The recorded responses and real meeting transcripts beside the project
 * (../shared/fixtures/real). A fresh clone may not have them: tests that replay them skip,
 * and the test run says so once (global-setup.ts). CI sets REQUIRE_REAL_FIXTURES=1, where a
 * missing folder fails the run instead. REAL_FIXTURES_DIR points elsewhere (or nowhere, or at
 * an empty folder, to try the skip). An empty folder counts as missing: it is what a checkout
 * leaves where the fixtures were not fetched (an uninitialised submodule, say).
 */
const DEFAULT_DIR = fileURLToPath(new URL('../../../shared/fixtures/real/', import.meta.url));

/** What a run without the real fixtures says once, naming the folder it looked in. */
export const realFixturesSkipped = (env: RealFixturesEnv = process.env): string =>
  `Real fixtures (${env.REAL_FIXTURES_DIR?.trim() || '../shared/fixtures/real'}) not found: the tests that replay them are skipped`;

export interface RealFixturesEnv {
  REAL_FIXTURES_DIR?: string | undefined;
  REQUIRE_REAL_FIXTURES?: string | undefined;
}

/** The folder of real fixtures, or undefined when it is absent and not required. */
export function realFixtures(env: RealFixturesEnv = process.env): string | undefined {
  const dir = env.REAL_FIXTURES_DIR?.trim() || DEFAULT_DIR;
  if (isNonEmptyDirectory(dir)) return dir;
  if (env.REQUIRE_REAL_FIXTURES === '1') throw new Error(`REQUIRE_REAL_FIXTURES=1 but the real fixtures folder ${dir} is missing or empty`);
  return undefined;
}

/** The folder, for code that runs only where realFixtures() said it exists (inside a skipIf'd describe). */
export function requireRealFixtures(): string {
  const dir = realFixtures();
  if (!dir) throw new Error(realFixturesSkipped());
  return dir;
}

function isNonEmptyDirectory(dir: string): boolean {
  try {
    return readdirSync(dir).length > 0;
  } catch {
    // Missing, or not a folder (ENOTDIR).
    return false;
  }
}
