import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import { analysisAnswer, mergeAnswer, storyAnswer } from './fake-openai-answers.js';

/**
 * A fake OpenAI Chat Completions endpoint on 127.0.0.1 for tests and benchmarks. Unscripted
 * requests get a valid structured answer made up from the prompt (by the JSON schema name:
 * analysis, merge or story); `script` queues faults and canned replies, consumed one per
 * request in arrival order.
 */

interface FakeUsage {
  prompt_tokens: number;
  completion_tokens: number;
}

type FakeBehaviour =
  /** A valid answer built from the prompt. */
  | { kind: 'ok' }
  | { kind: 'invalid-json' }
  /** Valid JSON that matches no schema. */
  | { kind: 'wrong-shape' }
  | { kind: 'refusal' }
  | { kind: 'empty' }
  /** finish_reason 'length': the answer was cut off. */
  | { kind: 'truncated' }
  | { kind: 'error'; status: number; retryAfterSeconds?: number; retryAfterMs?: number; message?: string; code?: string }
  /** Never answers; the connection stays open until the client gives up. */
  | { kind: 'timeout' }
  | { kind: 'reply'; content: string | object; usage?: Partial<FakeUsage> }
  /** Decides per request. */
  | { kind: 'hook'; handle: (request: FakeRequest) => FakeBehaviour | Promise<FakeBehaviour> };

/** A behaviour for the next `times` requests (default 1; Infinity for every request from then on). */
type FakeStep = FakeBehaviour & { times?: number; latencyMs?: number };

export interface FakeOpenAiOptions {
  /** Delay before every answer, e.g. 300 ms to stand in for a real model in benchmarks. */
  latencyMs?: number;
  /** When set, requests without `Authorization: Bearer <apiKey>` get a 401. */
  apiKey?: string;
}

export interface FakeRequest {
  body: ChatBody;
  /** response_format.json_schema.name, or null. */
  schemaName: string | null;
  /** The user message, where the adapter puts the transcript. */
  prompt: string;
  authorization: string | null;
  receivedAt: number;
}

export interface FakeOpenAi {
  /** Base URL for the client, ending in /v1. */
  url: string;
  requests: FakeRequest[];
  script(...steps: FakeStep[]): void;
  /** Forgets the script and the recorded requests. */
  reset(): void;
  close(): Promise<void>;
}

interface ChatBody {
  model?: string;
  messages?: Array<{ role: string; content: unknown }>;
  response_format?: { type?: string; json_schema?: { name?: string } };
}

const text = (content: unknown): string =>
  typeof content === 'string' ? content : Array.isArray(content) ? content.map((part: { text?: string }) => part.text ?? '').join('') : '';

function answerFor(request: FakeRequest): unknown {
  const name = request.schemaName ?? '';
  if (/story/i.test(name)) return storyAnswer(request.prompt);
  if (/merge/i.test(name)) return mergeAnswer(request.prompt);
  if (/analysis/i.test(name)) return analysisAnswer(request.prompt);
  return {};
}

function completion(request: FakeRequest, content: string | null, extra: { refusal?: string; finishReason?: string; usage?: Partial<FakeUsage> } = {}) {
  const promptChars = (request.body.messages ?? []).reduce((sum, message) => sum + text(message.content).length, 0);
  const prompt_tokens = extra.usage?.prompt_tokens ?? Math.ceil(promptChars / 4);
  const completion_tokens = extra.usage?.completion_tokens ?? Math.ceil((content ?? extra.refusal ?? '').length / 4);
  return {
    id: `chatcmpl-${randomUUID()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: request.body.model ?? 'fake-model',
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: extra.refusal ?? null },
        logprobs: null,
        finish_reason: extra.finishReason ?? 'stop',
      },
    ],
    usage: { prompt_tokens, completion_tokens, total_tokens: prompt_tokens + completion_tokens },
  };
}

function send(res: http.ServerResponse, status: number, payload: unknown, headers: Record<string, string> = {}): void {
  if (res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', 'x-request-id': `req_${randomUUID()}`, ...headers });
  res.end(JSON.stringify(payload));
}

function sendError(res: http.ServerResponse, behaviour: Extract<FakeBehaviour, { kind: 'error' }>): void {
  const headers: Record<string, string> = {};
  if (behaviour.retryAfterMs !== undefined) headers['retry-after-ms'] = String(behaviour.retryAfterMs);
  if (behaviour.retryAfterSeconds !== undefined) headers['retry-after'] = String(behaviour.retryAfterSeconds);
  const type = behaviour.status === 429 ? 'rate_limit_exceeded' : behaviour.status >= 500 ? 'server_error' : 'invalid_request_error';
  const message = behaviour.message ?? `Fake error ${behaviour.status}`;
  send(res, behaviour.status, { error: { message, type, param: null, code: behaviour.code ?? null } }, headers);
}

async function respond(res: http.ServerResponse, request: FakeRequest, behaviour: FakeBehaviour): Promise<void> {
  switch (behaviour.kind) {
    case 'hook':
      return respond(res, request, await behaviour.handle(request));
    case 'timeout':
      return; // the socket is destroyed by the client's abort or by close()
    case 'error':
      return sendError(res, behaviour);
    case 'invalid-json':
      return send(res, 200, completion(request, '{"summary": "The council met and'));
    case 'wrong-shape':
      return send(res, 200, completion(request, JSON.stringify({ answer: 'not what was asked' })));
    case 'refusal':
      return send(res, 200, completion(request, null, { refusal: 'I cannot help with that.' }));
    case 'empty':
      return send(res, 200, completion(request, ''));
    case 'truncated':
      return send(res, 200, completion(request, JSON.stringify(answerFor(request)).slice(0, 40), { finishReason: 'length' }));
    case 'reply': {
      const content = typeof behaviour.content === 'string' ? behaviour.content : JSON.stringify(behaviour.content);
      return send(res, 200, completion(request, content, { usage: behaviour.usage }));
    }
    case 'ok':
      return send(res, 200, completion(request, JSON.stringify(answerFor(request))));
  }
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startFakeOpenAi(options: FakeOpenAiOptions = {}): Promise<FakeOpenAi> {
  const requests: FakeRequest[] = [];
  let steps: Array<FakeStep & { left: number }> = [];

  const nextStep = (): FakeStep => {
    const step = steps[0];
    if (!step) return { kind: 'ok' };
    if (--step.left <= 0) steps.shift();
    return step;
  };

  const server = http.createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => send(res, 500, { error: { message: String(error), type: 'server_error', param: null, code: null } }));
  });

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const raw = await readBody(req);
    if (req.method !== 'POST' || !req.url?.startsWith('/v1/chat/completions')) {
      return send(res, 404, { error: { message: `Unknown path ${req.method} ${req.url}`, type: 'invalid_request_error', param: null, code: null } });
    }
    let body: ChatBody;
    try {
      body = JSON.parse(raw) as ChatBody;
    } catch {
      return send(res, 400, { error: { message: 'Body is not JSON', type: 'invalid_request_error', param: null, code: null } });
    }
    const request: FakeRequest = {
      body,
      schemaName: body.response_format?.json_schema?.name ?? null,
      prompt: text(body.messages?.find((message) => message.role === 'user')?.content),
      authorization: req.headers.authorization ?? null,
      receivedAt: Date.now(),
    };
    requests.push(request);
    if (options.apiKey !== undefined && request.authorization !== `Bearer ${options.apiKey}`) {
      return sendError(res, { kind: 'error', status: 401, message: 'Incorrect API key provided', code: 'invalid_api_key' });
    }
    const step = nextStep();
    const latency = step.latencyMs ?? options.latencyMs ?? 0;
    if (latency > 0 && step.kind !== 'timeout') await delay(latency);
    await respond(res, request, step);
  }

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    script(...more) {
      steps.push(...more.map((step) => ({ ...step, left: step.times ?? 1 })));
    },
    reset() {
      steps = [];
      requests.length = 0;
    },
    close() {
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
