// The web app's import aliases, read by Vite (web/vite.config.ts), Vitest (vitest.config.ts) and
// ESLint's resolver (eslint.config.js), and spelled again as tsconfig `paths` (web/tsconfig.json),
// which cannot import a file. `@/` is the app's own src/ (bulletproof-react's alias); `@domain/`
// is core/domain, the one part of core the browser may use, so a web import through an alias
// cannot reach the rest of core at all; `@testing/` is the web tests' harness.
import { fileURLToPath } from 'node:url';

const at = (path) => fileURLToPath(new URL(path, import.meta.url));

export const WEB_IMPORT_ALIASES = {
  '@': at('./src'),
  '@domain': at('../core/domain'),
  '@testing': at('./testing'),
};
