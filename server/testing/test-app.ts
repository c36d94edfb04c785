import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Express } from 'express';
import type { Kysely } from 'kysely';
import supertest from 'supertest';
import { createOutboxMailer, createSilentLogger, type AuthTuning, type Core, type Engine, type Logger, type Ports } from '../../core/index.js';
import type { DB } from '../../core/db/schema.js';
import { createTestCore, testDb } from '../../core/testing/test-core.js';
import { createApp, type AppOptions } from '../app.js';

export const TEST_PASSWORD = 'correct horse battery staple';

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  text: string;
}

type Method = 'get' | 'post' | 'put' | 'patch' | 'delete' | 'head';

/**
 * A supertest agent (cookies kept between requests) that sends the CSRF token on every
 * request, so tests read like the web app: `await member.post('/api/x').send({...}).expect(201)`.
 * `agent` is the bare agent, for requests that must go without the token.
 */
export class TestAgent {
  readonly agent: ReturnType<typeof supertest.agent>;
  csrfToken = '';
  user: TestUser | null = null;

  constructor(app: Express) {
    this.agent = supertest.agent(app);
  }

  private request(method: Method, url: string): supertest.Test {
    const test = this.agent[method](url);
    return this.csrfToken ? test.set('X-CSRF-Token', this.csrfToken) : test;
  }

  get(url: string): supertest.Test {
    return this.request('get', url);
  }
  post(url: string): supertest.Test {
    return this.request('post', url);
  }
  put(url: string): supertest.Test {
    return this.request('put', url);
  }
  patch(url: string): supertest.Test {
    return this.request('patch', url);
  }
  delete(url: string): supertest.Test {
    return this.request('delete', url);
  }
  head(url: string): supertest.Test {
    return this.request('head', url);
  }

  /** GET /api/auth/session and keep its token (needed again after every sign-in). */
  async refreshCsrf(): Promise<string> {
    const res = await this.agent.get('/api/auth/session').expect(200);
    this.csrfToken = (res.body as { csrfToken: string }).csrfToken;
    return this.csrfToken;
  }

  /** POST /api/auth/login with a password, then a fresh CSRF token for the new session. */
  async signIn(user: { email: string; password: string; id?: string }): Promise<void> {
    if (!this.csrfToken) await this.refreshCsrf();
    const res = await this.post('/api/auth/login').send({ email: user.email, password: user.password });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${JSON.stringify(res.body)}`);
    const body = res.body as { user: { id: string; email: string } };
    this.user = { id: body.user.id, email: body.user.email, password: user.password };
    await this.refreshCsrf();
  }
}

/**
 * Signs in on `app` with plain requests and returns the session's Cookie header and CSRF token,
 * for tests that send requests of their own (a raw socket, another app over the same core).
 */
export async function signInForHeaders(app: Express, user: { email: string; password: string }): Promise<{ cookie: string; csrfToken: string }> {
  const jar = new Map<string, string>();
  const keep = (res: supertest.Response) => {
    for (const cookie of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) {
      const pair = cookie.split(';')[0] ?? '';
      jar.set(pair.slice(0, pair.indexOf('=')), pair);
    }
    return [...jar.values()].join('; ');
  };
  const session = await supertest(app).get('/api/auth/session').expect(200);
  const login = await supertest(app)
    .post('/api/auth/login')
    .set('Cookie', keep(session))
    .set('X-CSRF-Token', (session.body as { csrfToken: string }).csrfToken)
    .send({ email: user.email, password: user.password })
    .expect(200);
  return { cookie: keep(login), csrfToken: (login.body as { csrfToken: string }).csrfToken };
}

export interface TestApp {
  app: Express;
  core: Core;
  /** The core's database, for arranging rows and checking what a request wrote (the app never sees it). */
  db: Kysely<DB>;
  /**
   * Emails the app sent (the outbox mailer writes .eml files to a temporary folder). Requests
   * answer before their mail goes out (no timing difference between addresses): every read
   * first waits for that background work.
   */
  outbox: {
    dir: string;
    messages(): Promise<OutboxMessage[]>;
    /** The newest message to this address; throws if there is none. */
    latestTo(email: string): Promise<OutboxMessage>;
    /** The 6-digit code of the newest code email to this address. */
    codeFor(email: string): Promise<string>;
    /** The whole newest confirmation link to this address (`<PUBLIC_URL>/auth?confirm=<token>`). */
    confirmLinkFor(email: string): Promise<string>;
    /** The token of that link, as the web app's auth page posts it to /api/auth/confirm. */
    confirmTokenFor(email: string): Promise<string>;
    /** The token of the newest password reset link to this address (`/auth?reset=<token>`). */
    resetTokenFor(email: string): Promise<string>;
  };
  /** A confirmed account made through core (`civic user add`), with a password. */
  createUser(options?: { email?: string; password?: string; admin?: boolean }): Promise<TestUser>;
  /** Not signed in, holding a CSRF token. */
  signedOutAgent(): Promise<TestAgent>;
  /** Signed in as a new member (or the given account), holding a CSRF token for that session. */
  memberAgent(options?: { email?: string; password?: string }): Promise<TestAgent>;
  /** Signed in as a new admin, holding a CSRF token. */
  adminAgent(options?: { email?: string; password?: string }): Promise<TestAgent>;
  close(): Promise<void>;
}

export interface TestAppOptions {
  app?: AppOptions;
  ports?: Partial<Ports>;
  /** Where the app and core log (silent by default); the log tests capture a debug-level one. */
  logger?: Logger;
  /** The auth service's clock and password throttle (slowed sign-ins wait on it, not on time). */
  auth?: AuthTuning;
}

let userCounter = 0;

function parseEml(file: string, raw: string): OutboxMessage {
  const [head = '', ...rest] = raw.split('\r\n\r\n');
  const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(head)?.[1]?.trim() ?? '';
  return { file, to: header('To'), subject: header('Subject'), text: rest.join('\r\n\r\n').replace(/\r\n/g, '\n') };
}

/** The app over a test core of its own (a fresh database on `engine`), with mail kept in a temp folder. */
export async function createTestApp(engine: Engine, options: TestAppOptions = {}): Promise<TestApp> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-outbox-'));
  const mailer = createOutboxMailer({ dir, from: 'Town Crier <no-reply@localhost>', logger: createSilentLogger() });
  const core = await createTestCore(engine, { mailer, ...options.ports }, { ...(options.logger ? { logger: options.logger } : {}), ...(options.auth ? { authTuning: options.auth } : {}) });
  const app = createApp(core, options.app);

  async function messages(): Promise<OutboxMessage[]> {
    await core.auth.settle();
    const files = (await fs.readdir(dir)).filter((name) => name.endsWith('.eml')).sort();
    return Promise.all(files.map(async (name) => parseEml(name, await fs.readFile(path.join(dir, name), 'utf8'))));
  }

  async function latestTo(email: string): Promise<OutboxMessage> {
    const found = (await messages()).filter((message) => message.to === email.toLowerCase()).at(-1);
    if (!found) throw new Error(`no email to ${email} in the outbox`);
    return found;
  }

  /** The whole link of the newest email to this address that lands on `/auth?<param>=<token>`. */
  async function authLinkFor(email: string, param: 'confirm' | 'reset'): Promise<string> {
    const match = new RegExp(`https?://\\S+/auth\\?${param}=\\S+`).exec((await latestTo(email)).text);
    if (!match) throw new Error(`the newest email to ${email} holds no /auth?${param}= link`);
    return match[0];
  }

  async function createUser(userOptions: { email?: string; password?: string; admin?: boolean } = {}): Promise<TestUser> {
    userCounter += 1;
    const email = userOptions.email ?? `user${userCounter}-${Date.now()}@example.org`;
    const password = userOptions.password ?? TEST_PASSWORD;
    const added = await core.users.addUser({ email, password, admin: userOptions.admin ?? false });
    return { id: added.id, email: added.email, password };
  }

  async function signedInAgent(admin: boolean, agentOptions: { email?: string; password?: string } = {}): Promise<TestAgent> {
    const user = await createUser({ ...agentOptions, admin });
    const agent = new TestAgent(app);
    await agent.signIn(user);
    agent.user = user;
    return agent;
  }

  return {
    app,
    core,
    db: testDb(core),
    outbox: {
      dir,
      messages,
      latestTo,
      async codeFor(email) {
        const match = /code is: (\d{6})/.exec((await latestTo(email)).text);
        if (!match?.[1]) throw new Error(`the newest email to ${email} holds no code`);
        return match[1];
      },
      confirmLinkFor: (email) => authLinkFor(email, 'confirm'),
      async confirmTokenFor(email) {
        return new URL(await authLinkFor(email, 'confirm')).searchParams.get('confirm') ?? '';
      },
      async resetTokenFor(email) {
        return new URL(await authLinkFor(email, 'reset')).searchParams.get('reset') ?? '';
      },
    },
    createUser,
    async signedOutAgent() {
      const agent = new TestAgent(app);
      await agent.refreshCsrf();
      return agent;
    },
    memberAgent: (agentOptions) => signedInAgent(false, agentOptions),
    adminAgent: (agentOptions) => signedInAgent(true, agentOptions),
    async close() {
      await core.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
