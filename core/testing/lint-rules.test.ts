import { existsSync } from 'node:fs';
import path from 'node:path';
import { ESLint, type Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/**
 * Proves that eslint.config.js enforces the dependency rule (design.md §1). Each case lints
 * code under a virtual path inside the repository; imports point at real files because
 * import-x/no-restricted-paths only judges imports its resolver can resolve (and silently
 * passes the rest), so a broken resolver setting would make these tests fail, not pass.
 */
const repoRoot = path.resolve(import.meta.dirname, '../..');
const exists = (file: string) => existsSync(path.join(repoRoot, file));

let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: repoRoot });
});

async function lint(filePath: string, code: string): Promise<Linter.LintMessage[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(repoRoot, filePath) });
  if (!result) throw new Error(`${filePath} was not linted`);
  const fatal = result.messages.filter((message) => message.fatal);
  expect(fatal, 'the snippet must parse').toEqual([]);
  return result.messages;
}

/** A module that imports `specifier` and uses it, so only the import itself can be at fault. */
const importing = (specifier: string) => `import * as mod from '${specifier}';\nexport const used = mod;\n`;

async function rulesFor(filePath: string, code: string): Promise<(string | null)[]> {
  return (await lint(filePath, code)).map((message) => message.ruleId);
}

/** The dependency rule alone: a web test's ../../ chain also meets the alias rule, tested below. */
async function pathRulesFor(filePath: string, code: string): Promise<(string | null)[]> {
  return (await rulesFor(filePath, code)).filter((rule) => rule !== 'no-restricted-imports');
}

describe('dependency rule: imports', () => {
  it.each([
    ['core may not import cli', 'core/pipeline/fake.ts', '../../cli/main.js'],
    ['core/domain may not import the rest of core', 'core/domain/fake.ts', '../errors.js'],
    ['web may not import core outside core/domain', 'web/src/x.ts', '../../core/errors.js'],
    ['web may not import cli', 'web/src/x.ts', '../../cli/main.js'],
    ['cli may not import core internals', 'cli/commands/fake.ts', '../../core/errors.js'],
    ['server may not import core internals', 'server/routes/fake.ts', '../../core/logger.js'],
    ['server may not import cli', 'server/fake.ts', '../cli/main.js'],
    ['migrations may not import app code', 'migrations/0999_fake.ts', '../core/domain/transcript.js'],
    ['core may not import core/testing', 'core/pipeline/fake.ts', '../testing/builders.js'],
    ['server may not import server/testing', 'server/routes/fake.ts', '../testing/test-app.js'],
    ['cli may not import cli/testing', 'cli/commands/fake.ts', '../testing/run-civic.js'],
    ['web may not import web/testing', 'web/src/lib/fake.ts', '../../testing/setup.js'],
    ['nor through its alias', 'web/src/lib/fake.ts', '@testing/setup.js'],
  ])('%s', async (_name, filePath, specifier) => {
    expect(await pathRulesFor(filePath, importing(specifier))).toEqual(['import-x/no-restricted-paths']);
  });

  it.skipIf(!exists('server/app.ts'))('core may not import server', async () => {
    expect(await pathRulesFor('core/pipeline/fake.ts', importing('../../server/app.js'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it.skipIf(!exists('core/db/database.ts'))('web may not import core/db', async () => {
    expect(await pathRulesFor('web/src/x.ts', importing('../../core/db/database.js'))).toEqual([
      'import-x/no-restricted-paths',
    ]);
  });

  it('reports re-exports and dynamic imports too', async () => {
    expect(await pathRulesFor('web/src/x.ts', "export { AppError } from '../../core/errors.js';\n")).toEqual([
      'import-x/no-restricted-paths',
    ]);
    expect(await pathRulesFor('core/pipeline/fake.ts', "export const load = () => import('../../cli/main.js');\n")).toEqual(
      ['import-x/no-restricted-paths'],
    );
  });

  it.each([
    ['core may import core/domain', 'core/pipeline/fake.ts', '../domain/transcript.js'],
    ['core/domain may import core/domain', 'core/domain/fake.ts', './transcript.js'],
    ['web may import core/domain', 'web/src/x.ts', '../../core/domain/transcript.js'],
    ['cli may import core/domain', 'cli/commands/fake.ts', '../../core/domain/transcript.js'],
    ['cli tests may import core internals', 'cli/commands/fake.test.ts', '../../core/errors.js'],
    ['server tests may import core test helpers', 'server/fake.test.ts', '../core/testing/block-network.js'],
    ['migration tests may use core', 'migrations/fake.test.ts', '../core/errors.js'],
    ['core/domain tests may use core/testing', 'core/domain/fake.test.ts', '../testing/block-network.js'],
    ['core test helpers may use each other', 'core/testing/fake.ts', './builders.js'],
    ['benchmarks may use the fakes', 'scripts/bench/fake.bench.ts', '../../core/testing/fake-openai.js'],
    ['web tests may import web/testing', 'web/src/lib/fake.test.tsx', '../../testing/setup.js'],
  ])('%s', async (_name, filePath, specifier) => {
    expect(await pathRulesFor(filePath, importing(specifier))).toEqual([]);
  });

  it.skipIf(!exists('server/app.ts'))('cli may import server (civic serve starts it)', async () => {
    expect(await pathRulesFor('cli/commands/fake.ts', importing('../../server/app.js'))).toEqual([]);
  });

  it.skipIf(!exists('core/index.ts'))('cli and server may import core/index.ts', async () => {
    expect(await pathRulesFor('cli/commands/fake.ts', importing('../../core/index.js'))).toEqual([]);
    expect(await pathRulesFor('server/fake.ts', importing('../core/index.js'))).toEqual([]);
  });
});

describe('dependency rule: web features (bulletproof-react)', () => {
  it.each([
    ['a feature may not import another feature', 'web/src/features/admin/components/fake.tsx', '../../meetings/routes/meeting-story.js'],
    ['nor may its tests', 'web/src/features/admin/fake.test.tsx', '../meetings/routes/meeting-story.js'],
    ['a feature may not import app/', 'web/src/features/home/fake.ts', '../../app/router.js'],
    ['shared components may not import a feature', 'web/src/components/fake.tsx', '../features/auth/auth-provider.js'],
    ['shared lib may not import app/', 'web/src/lib/fake.ts', '../app/router.js'],
    ['nor through the @/ alias', 'web/src/lib/fake.ts', '@/app/router.js'],
    ['a feature may not import another feature through @/', 'web/src/features/admin/components/fake.tsx', '@/features/meetings/routes/meeting-story.js'],
  ])('%s', async (_name, filePath, specifier) => {
    expect(await pathRulesFor(filePath, importing(specifier))).toEqual(['import-x/no-restricted-paths']);
  });

  it.each([
    ['a feature may import its own files', 'web/src/features/admin/components/fake.tsx', '../api/pipeline.js'],
    ['app/ may import a feature', 'web/src/app/fake.tsx', '../features/auth/auth-provider.js'],
    ['a feature may import shared code through @/', 'web/src/features/admin/components/fake.tsx', '@/components/meeting/story-article.js'],
    ['web may import core/domain through @domain/', 'web/src/lib/fake.ts', '@domain/transcript.js'],
  ])('%s', async (_name, filePath, specifier) => {
    expect(await pathRulesFor(filePath, importing(specifier))).toEqual([]);
  });
});

describe('web imports through its aliases past a sibling folder', () => {
  it('refuses a ../../ chain in web/src', async () => {
    expect(await rulesFor('web/src/features/admin/components/fake.tsx', importing('../../../components/meeting/story-article.js'))).toEqual(['no-restricted-imports']);
  });

  it('allows a sibling folder and the aliases', async () => {
    expect(await rulesFor('web/src/features/admin/components/fake.tsx', importing('../api/pipeline.js'))).toEqual([]);
    expect(await rulesFor('web/src/features/admin/components/fake.tsx', importing('@/components/meeting/story-article.js'))).toEqual([]);
  });

  it("takes each icon from its own file, not lucide-react's index (web/vite.config.ts places icons by their users)", async () => {
    expect(await rulesFor('web/src/components/fake.tsx', importing('lucide-react'))).toEqual(['no-restricted-imports']);
    expect(await rulesFor('web/src/components/fake.tsx', importing('lucide-react/icons/flag'))).toEqual([]);
  });
});

describe('dependency rule: core/domain is browser-safe', () => {
  it.each(['node:fs', 'fs', 'path', 'node:crypto', 'crypto', 'fs/promises', 'process'])(
    'reports %s in core/domain',
    async (specifier) => {
      expect(await rulesFor('core/domain/fake.ts', importing(specifier))).toEqual(['no-restricted-imports']);
    },
  );

  it('allows npm packages such as zod in core/domain', async () => {
    expect(await rulesFor('core/domain/fake.ts', importing('zod'))).toEqual([]);
  });

  it('allows Node builtins elsewhere in core and in core/domain tests', async () => {
    expect(await rulesFor('core/pipeline/fake.ts', importing('node:fs'))).toEqual([]);
    expect(await rulesFor('core/domain/fake.test.ts', importing('node:fs'))).toEqual([]);
  });
});

describe('core: environment, exit and console', () => {
  it('reports process.env outside core/config.ts, in every form', async () => {
    expect(await rulesFor('core/pipeline/fake.ts', 'export const x = process.env.X;\n')).toEqual([
      'no-restricted-properties',
    ]);
    expect(await rulesFor('core/pipeline/fake.ts', 'const { env } = process;\nexport const x = env.X;\n')).toEqual([
      'no-restricted-properties',
    ]);
    expect(await rulesFor('core/pipeline/fake.ts', "import { env } from 'node:process';\nexport const x = env.X;\n")).toEqual([
      'no-restricted-imports',
    ]);
  });

  it('allows process.env in core/config.ts and in test code', async () => {
    expect(await rulesFor('core/config.ts', 'export const x = process.env.X;\n')).toEqual([]);
    expect(await rulesFor('core/testing/fake.ts', 'export const x = process.env.TEST_DATABASE_URL;\n')).toEqual([]);
  });

  it('reports process.exit anywhere in core, config included', async () => {
    expect(await rulesFor('core/pipeline/fake.ts', 'export const stop = () => process.exit(1);\n')).toEqual([
      'no-restricted-properties',
    ]);
    expect(await rulesFor('core/config.ts', 'export const stop = () => process.exit(2);\n')).toEqual([
      'no-restricted-properties',
    ]);
  });

  it('reports console in core except core/testing', async () => {
    expect(await rulesFor('core/pipeline/fake.ts', "console.log('hi');\n")).toEqual(['no-console']);
    expect(await rulesFor('core/testing/fake.ts', "console.log('hi');\n")).toEqual([]);
  });

  it('leaves cli and server free to exit, log and read the environment', async () => {
    const code = "console.log(process.env.X);\nprocess.exit(0);\n";
    expect(await rulesFor('cli/commands/fake.ts', code)).toEqual([]);
    expect(await rulesFor('server/fake.ts', code)).toEqual([]);
  });
});

describe('facade rule: front doors use core through its services (issue 28)', () => {
  const reaching = [
    ['core.db', 'export const run = (core) => core.db.selectFrom("cities");\n'],
    ['core.database', 'export const engine = (core) => core.database.engine;\n'],
    ['core.ports', 'export const ports = (core) => ({ ...core.ports });\n'],
    ['core?.database', 'export const holder = (core) => core?.database.sharedBy;\n'],
    ["core['db']", "export const run = (core) => core['db'];\n"],
    ['t.core.db', 'export const run = (t) => t.core.db;\n'],
    ['const { db } = core', 'export const run = (core) => {\n  const { db } = core;\n  return db;\n};\n'],
    ['const { ports } = t.core', 'export const run = (t) => {\n  const { ports } = t.core;\n  return ports;\n};\n'],
  ];

  it.each(['cli/commands/fake.ts', 'server/routes/fake.ts', 'web/src/lib/fake.ts', 'cli/commands/fake.test.ts', 'server/routes/fake.test.ts'])(
    'reports every way of reaching the database or the adapters in %s',
    async (filePath) => {
      for (const [form, code] of reaching) {
        expect(await rulesFor(filePath, code!), form).toEqual(['no-restricted-syntax']);
      }
    },
  );

  it('allows the services, and the handle inside core (where create-core.ts wires it)', async () => {
    expect(await rulesFor('cli/commands/fake.ts', 'export const run = (core) => core.databaseAdmin.migrate();\n')).toEqual([]);
    expect(await rulesFor('server/fake.ts', 'export const run = (core) => core.privacy.expire();\n')).toEqual([]);
    expect(await rulesFor('server/fake.test.ts', 'export const run = (t) => t.db.selectFrom("cities");\n')).toEqual([]);
    expect(await rulesFor('core/pipeline/fake.ts', 'export const run = (core) => core.db;\n')).toEqual([]);
    expect(await rulesFor('cli/commands/fake.ts', 'export const run = (deps) => deps.db;\n')).toEqual([]);
  });
});
