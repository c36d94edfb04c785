import type { TestProject } from 'vitest/node';
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

const ADMIN = { email: 'e2e-admin@fairview.example', password: 'e2e admin password, not secret' };

/** Once per run: build the site and serve it on a freshly seeded embedded database (support/site.ts). */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  await buildSite();
  const site = await startSite({ admins: [ADMIN] });
  project.provide('e2e', { baseUrl: site.url, dataDir: site.dataDir, admin: ADMIN });
  return () => site.stop();
}
