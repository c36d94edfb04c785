// ESLint flat config. Besides typescript-eslint's recommended rules it enforces the dependency
// rule of design.md §1 (see DEPENDENCY RULE below), so a wrong-way import fails `make lint`
// instead of being caught in review. core/testing/lint-rules.test.ts proves each rule fires.
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { defineConfig, globalIgnores } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import { WEB_IMPORT_ALIASES } from './web/import-aliases.js';

// Zones are resolved against this directory, not the working directory (the rule's default),
// so `eslint` run from a subfolder or an editor still applies them.
const root = import.meta.dirname;

const TS = '**/*.{ts,tsx}';
const DIRS = '{core,cli,server,migrations,scripts,web}';
const SOURCES = [`${DIRS}/${TS}`, '*.config.ts'];
// Shared test harnesses (core/testing, server/testing, cli/testing, web/testing) are test code too:
// never in the runtime graph. Benchmarks under scripts/ drive the same fakes.
const TESTS = [`${DIRS}/**/*.test.{ts,tsx}`, `{core,cli,server,web}/testing/${TS}`, `scripts/${TS}`];

// eslint:recommended without adding @eslint/js (not a dependency): the built-in rules marked
// recommended. typescript-eslint's eslint-recommended layer then turns off what TS checks.
const jsRecommended = Object.fromEntries(
  [...builtinRules]
    .filter(([, rule]) => rule.meta?.docs?.recommended && !rule.meta.deprecated)
    .map(([name]) => [name, 'error']),
);

// --- DEPENDENCY RULE (design.md §1) -------------------------------------------------------
// import-x/no-restricted-paths: `target` = the files being linted, `from` = what they may not
// import, `except` = holes in `from` (relative to it). The rule only sees imports its resolver
// can resolve to a file, hence the extension alias: our sources import './x.js' meaning './x.ts'.
function dependencyZones({ tests }) {
  const zones = [
    {
      target: './core',
      from: ['./cli', './server', './web'],
      message: 'core/ is the shared library: it must not depend on cli/, server/ or web/.',
    },
    {
      // core/domain is shared with the browser: only itself and npm packages such as zod.
      // Tests may use the shared test helpers.
      target: './core/domain',
      from: './core',
      except: tests ? ['./domain', './testing'] : ['./domain'],
      message: 'core/domain/ is browser-safe and may import only core/domain/.',
    },
    {
      target: './web',
      from: './core',
      except: ['./domain'],
      message: 'web/ may import only core/domain/ (browser-safe) from core.',
    },
    {
      target: './web',
      from: ['./cli', './server', './migrations', './scripts'],
      message: 'web/ is a browser app: it may import only core/domain/ of our code.',
    },
    {
      // `civic serve` starts the server, so cli -> server is allowed; not the other way round.
      target: './server',
      from: ['./cli', './web'],
      message: 'server/ must not import cli/ or web/ sources (it serves web/dist as files).',
    },
    {
      target: './cli',
      from: './web',
      message: 'cli/ must not import web/ sources.',
    },
    {
      // Migrations are frozen in time: a later change to app code must not change what an old
      // migration does. Their tests may build a database with core's helpers.
      target: './migrations',
      from: tests ? ['./cli', './server', './web'] : ['./core', './cli', './server', './web'],
      message: 'migrations/ are frozen in time and import no app code.',
    },
    ...webLayerZones(),
  ];
  if (!tests) {
    // Test helpers (fakes, builders, harnesses) live in the testing/ folders and only tests and
    // benchmarks may load them: a fake in the runtime graph would be a silent way to ship one.
    zones.push({
      target: ['./core', './cli', './server', './web', './migrations', './bin'],
      from: ['./core/testing', './cli/testing', './server/testing', './web/testing'],
      message: 'Only tests and benchmarks may import the testing/ folders.',
    });
    // cli/ and server/ reach core through core/index.ts. core/domain/ is allowed as well: it is
    // a public, side-effect-free surface by construction (web imports it directly), and taking
    // e.g. a zod schema or URL parser from it does not load the whole core graph (database,
    // adapters), which keeps `civic --help` fast. Tests of cli/ and server/ may reach any of
    // core for fixtures and fakes; they are not part of the runtime graph.
    zones.push({
      target: ['./cli', './server'],
      from: './core',
      except: ['./index.ts', './domain'],
      message: 'cli/ and server/ import core only through core/index.ts (or core/domain/).',
    });
  }
  return zones;
}

// Inside web/src (bulletproof-react): app/ composes features; a feature builds on shared code
// (components/, lib/) and never imports another feature, so each can change or go without the
// others breaking; shared code imports no feature and not app/. The features are the folders of
// web/src/features, read here so a new one is covered without editing this file.
const WEB_FEATURES = readdirSync(`${root}/web/src/features`, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

function webLayerZones() {
  return [
    ...WEB_FEATURES.map((feature) => ({
      target: `./web/src/features/${feature}`,
      from: './web/src/features',
      except: [`./${feature}`],
      message: `web/src/features/${feature}/ may not import another feature: move what they share to web/src/components/ (UI) or web/src/lib/.`,
    })),
    {
      target: './web/src/features',
      from: './web/src/app',
      message: 'A feature may not import web/src/app/: the app composes the features.',
    },
    {
      target: ['./web/src/components', './web/src/lib'],
      from: ['./web/src/features', './web/src/app'],
      message: 'Shared web code (components/, lib/) may not import a feature or app/: they build on it.',
    },
  ];
}

// core/domain runs in the browser: no Node builtins, with or without the node: prefix.
const nodeBuiltins = builtinModules.filter((name) => !name.startsWith('_'));
const noNodeBuiltins = [
  'error',
  {
    paths: nodeBuiltins.map((name) => ({
      name,
      message: 'core/domain/ is browser-safe: no Node builtins.',
    })),
    patterns: [{ group: ['node:*'], message: 'core/domain/ is browser-safe: no Node builtins.' }],
  },
];

// core reads configuration only in core/config.ts and never ends the process (the CLI and the
// server decide exit codes). Also stops the same via `import { env, exit } from 'node:process'`.
const processEnv = { object: 'process', property: 'env', message: 'Read configuration in core/config.ts only.' };
const processExit = {
  object: 'process',
  property: 'exit',
  message: 'core never exits the process: throw an AppError and let cli/server decide.',
};
const processImports = (importNames) => [
  'error',
  {
    paths: ['process', 'node:process'].map((name) => ({
      name,
      importNames,
      message: 'core reads process.env only in core/config.ts and never calls process.exit.',
    })),
  },
];

// --- FACADE RULE (issue 28) ---------------------------------------------------------------
// The front doors get services from core (core.queue.work(), core.privacy.expire(),
// core.databaseAdmin.migrate(), ...), never the database handle or the adapters: those are wired
// in core/create-core.ts and stay there. The Core type has no such members; this rule keeps them
// from coming back through a cast or a re-added field. Tests that arrange or check rows take the
// handle from core/testing (testDb(core), or TestApp's db). Matched by name: `core.db`,
// `t.core.db`, `core['db']` and `const { db } = core`, likewise `database` and `ports`.
const CORE_INSIDES = '/^(db|database|ports)$/';
const coreInsidesMessage =
  'cli/, server/ and web/ use core through its services, never core.db, core.database or core.ports (tests: testDb(core) from core/testing/test-core.ts).';
const noCoreInsides = [
  'error',
  ...[`[object.name='core']`, `[object.property.name='core']`].flatMap((owner) => [
    { selector: `MemberExpression${owner}[property.name=${CORE_INSIDES}]`, message: coreInsidesMessage },
    { selector: `MemberExpression${owner}[computed=true][property.value=${CORE_INSIDES}]`, message: coreInsidesMessage },
  ]),
  ...[`[init.name='core']`, `[init.property.name='core']`].map((owner) => ({
    selector: `VariableDeclarator${owner} > ObjectPattern > Property[key.name=${CORE_INSIDES}]`,
    message: coreInsidesMessage,
  })),
];

export default defineConfig([
  globalIgnores(['**/node_modules/', 'data/', '**/dist/', 'coverage/', 'web/dist/']),

  // First eslint:recommended, then typescript-eslint, whose eslint-recommended layer turns off
  // the core rules TypeScript already checks (no-undef, no-redeclare, ...).
  { name: 'town-crier/js-recommended', files: SOURCES, rules: jsRecommended },
  {
    name: 'town-crier/base',
    files: SOURCES,
    extends: [tseslint.configs.recommended],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createNodeResolver({
          extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
          extensionAlias: { '.js': ['.ts', '.tsx', '.js'] },
          // The web app's `@/`, `@domain/`, `@testing/`: resolved, so the dependency rule sees through them.
          alias: Object.fromEntries(Object.entries(WEB_IMPORT_ALIASES).map(([name, path]) => [name, [path]])),
        }),
      ],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' },
      ],
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: dependencyZones({ tests: false }) }],
    },
  },
  {
    name: 'town-crier/tests',
    files: TESTS,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: root, zones: dependencyZones({ tests: true }) }],
    },
  },

  {
    name: 'town-crier/core',
    files: [`core/${TS}`],
    rules: {
      'no-console': 'error',
      'no-restricted-properties': ['error', processEnv, processExit],
      'no-restricted-imports': processImports(['env', 'exit']),
    },
  },
  {
    // config.ts is where the environment is read. Test code may read test-only variables
    // (TEST_DATABASE_URL) directly: they are not product configuration.
    name: 'town-crier/core-env-readers',
    files: ['core/config.ts', `core/testing/${TS}`, 'core/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-properties': ['error', processExit],
      'no-restricted-imports': processImports(['exit']),
    },
  },
  {
    // Test helpers (network guard, fixture loaders) may report to the console.
    name: 'town-crier/core-testing',
    files: [`core/testing/${TS}`],
    rules: { 'no-console': 'off' },
  },
  {
    name: 'town-crier/core-domain',
    files: [`core/domain/${TS}`],
    ignores: TESTS,
    rules: { 'no-restricted-imports': noNodeBuiltins },
  },

  {
    name: 'town-crier/core-facade',
    files: [`{cli,server,web}/${TS}`],
    rules: { 'no-restricted-syntax': noCoreInsides },
  },

  {
    // The web app runs in the browser. (TypeScript checks names itself; these keep any rule that
    // does look at globals from flagging window or document.)
    name: 'town-crier/web',
    files: [`web/${TS}`],
    ignores: ['web/vite.config.ts'],
    languageOptions: {
      globals: {
        window: 'readonly',
        document: 'readonly',
        navigator: 'readonly',
        location: 'readonly',
        history: 'readonly',
        localStorage: 'readonly',
        sessionStorage: 'readonly',
        fetch: 'readonly',
        console: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
      },
    },
  },

  {
    // Past a sibling folder, the web app imports through its aliases (web/import-aliases.js):
    // `@/features/…` says where a file is; `../../../components/…` says only how far away.
    name: 'town-crier/web-aliases',
    files: [`web/{src,testing}/${TS}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: '^(\\.\\./){2,}', message: 'Import through @/, @domain/ or @testing/ (web/import-aliases.js) instead of ../../.' }],
          // Through the package's index every icon counts as used by every page: web/vite.config.ts
          // could not place an icon with the pages that show it.
          paths: [{ name: 'lucide-react', message: "Import each icon from its own file: import Flag from 'lucide-react/icons/flag'." }],
        },
      ],
    },
  },

  {
    // The launcher and this file: plain Node ESM.
    name: 'town-crier/node-scripts',
    files: ['bin/**/*.js', 'eslint.config.js'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly' },
    },
    rules: jsRecommended,
  },
]);
