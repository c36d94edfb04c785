import type { TestProject } from 'vitest/node';
import { civic } from './support/civic.js';
import { buildSite, startSite } from './support/site.js';

export interface E2eContext {
  baseUrl: string;
  dataDir: string;
  admin: { email: string; password: string };
}

declare module 'vitest' {
  export interface ProvidedContext {
    e2e: E2eContext;
  }
}

/**
 * A city whose meetings have a transcript and nothing more (status Test): the meeting page
 * analyses such a meeting by itself on the first visit (spec §4, meetings.e2e.test.ts).
 */
export const UNANALYSED_CITY = { key: 'lakeview-wa', name: 'Lakeview' };

async function addUnanalysedCity(env: NodeJS.ProcessEnv): Promise<void> {
  const city = UNANALYSED_CITY;
  await civic(['city', 'add', '--name', city.name, '--county', 'Test County', '--state', 'WA', '--key', city.key, '--status', 'Test', '--json'], env);
  await civic(['source', 'add', '--city', city.key, '--url', 'fixture:riverton-city-council', '--title', 'Lakeview Council', '--json'], env);
  await civic(['ingest', '--city', city.key, '--stages', 'discover,transcript', '--json'], env);
}

const ADMIN = { email: 'e2e-admin@fairview.example', password: 'e2e admin password, not secret' };

/** Once per run: build the site and serve it on a freshly seeded embedded database (support/site.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildSite();
  const site = await startSite({ admins: [ADMIN], prepare: addUnanalysedCity });
  project.provide('e2e', { baseUrl: site.url, dataDir: site.dataDir, admin: ADMIN });
  return () => site.stop();
}
