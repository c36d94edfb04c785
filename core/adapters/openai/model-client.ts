import type OpenAI from 'openai';
import { zodResponseFormat } from 'openai/helpers/zod';
import type { ChatCompletion } from 'openai/resources/chat/completions';
import { z } from 'zod';
import { abortScope } from '../../abort-scope.js';
import { AppError } from '../../errors.js';
import type { CallContext, ModelCall, ModelCallPurpose } from '../../ports/language-model.js';
import type { ModelLimiter, Reservation } from '../../ports/model-limiter.js';
import { estimateTokens } from './chunking.js';
import { estimateCostUsd, type ModelPrice } from './pricing.js';
import type { PromptMessages } from './prompts.js';
import type { Clock } from './rate-limit.js';
import { backoffDelay, classifyFailure, type BackoffOptions, type Failure } from './retry.js';

/** The JSON schema of a response format is the same for every call: build it once per schema. */
const responseFormats = new Map<string, ReturnType<typeof zodResponseFormat>>();
function responseFormatFor(schema: Parameters<typeof zodResponseFormat>[0], name: string): ReturnType<typeof zodResponseFormat> {
  let format = responseFormats.get(name);
  if (!format) {
    format = zodResponseFormat(schema, name);
    responseFormats.set(name, format);
  }
  return format;
}

export interface ModelClientOptions {
  client: OpenAI;
  model: string;
  limiter: ModelLimiter;
  clock: Clock;
  price: ModelPrice;
  /** Retries after the first attempt for 429, 5xx, timeouts and connection errors. */
  maxRetries: number;
  backoff: BackoffOptions;
}

export interface StructuredRequest<T> {
  purpose: ModelCallPurpose;
  schema: z.ZodType<T>;
  schemaName: string;
  messages: PromptMessages;
  /** Expected answer size, reserved against the tokens-per-minute limit. */
  outputTokens: number;
}

type Answer<T> = { ok: true; value: T } | { ok: false; reason: string };

interface Usage {
  tokensIn: number;
  tokensOut: number;
}

/**
 * The model's answer checked the way `chat.completions.parse` would (refusal, truncation,
 * JSON, schema), but without throwing, so an invalid answer still has its usage recorded.
 */
function readAnswer<T>(completion: ChatCompletion, schema: z.ZodType<T>): Answer<T> {
  const choice = completion.choices[0];
  if (!choice) return { ok: false, reason: 'no choices in the response' };
  if (choice.message.refusal) return { ok: false, reason: `refusal: ${choice.message.refusal}` };
  if (choice.finish_reason === 'length') return { ok: false, reason: 'answer cut off at the output token limit' };
  if (choice.finish_reason === 'content_filter') return { ok: false, reason: 'answer stopped by the content filter' };
  const content = choice.message.content;
  if (!content?.trim()) return { ok: false, reason: 'empty answer' };
  let json: unknown;
  try {
    json = JSON.parse(content);
  } catch (error) {
    return { ok: false, reason: `not JSON (${error instanceof Error ? error.message : String(error)})` };
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) return { ok: false, reason: `does not match the schema (${z.prettifyError(parsed.error).replace(/\s+/g, ' ').slice(0, 300)})` };
  return { ok: true, value: parsed.data };
}

/**
 * One structured model call with everything around it: rate limiting of every attempt,
 * retries with backoff for transient failures, one retry for an invalid answer, and a
 * `ModelCall` record per attempt.
 */
export async function callStructured<T>(options: ModelClientOptions, request: StructuredRequest<T>, ctx: CallContext = {}): Promise<T> {
  const body = {
    model: options.model,
    messages: [
      { role: 'system' as const, content: request.messages.system },
      { role: 'user' as const, content: request.messages.user },
    ],
    response_format: responseFormatFor(request.schema, request.schemaName),
  };
  const promptTokens = estimateTokens(request.messages.system) + estimateTokens(request.messages.user) + 8;
  let attempts = 0;
  let transientFailures = 0;
  let invalidAnswers = 0;
  for (;;) {
    attempts++;
    const started = performance.now();
    const outcome = await attemptOnce(options, body, promptTokens + request.outputTokens, ctx);
    if (!outcome.ok) {
      const failure = await recordFailure(options, request.purpose, ctx, outcome, performance.now() - started);
      if (++transientFailures > options.maxRetries) {
        throw new AppError('UPSTREAM', `Model call failed after ${attempts} attempts: ${failure.message}`, { cause: outcome.error });
      }
      await options.clock.sleep(backoffDelay(transientFailures, failure.retryAfterMs, options.backoff), ctx.signal);
      continue;
    }
    const { completion } = outcome;
    // Only what the model billed is cost: the usage in its answer. An answer without usage
    // (some self-hosted servers) is recorded at zero rather than at a guess.
    const usage = {
      tokensIn: completion.usage?.prompt_tokens ?? 0,
      tokensOut: completion.usage?.completion_tokens ?? 0,
    };
    const answer = readAnswer(completion, request.schema);
    const error = answer.ok ? undefined : `invalid answer: ${answer.reason}`;
    await ctx.onCall?.(makeCall(options, request.purpose, usage, performance.now() - started, answer.ok, error));
    if (answer.ok) return answer.value;
    if (++invalidAnswers >= 2) throw new AppError('UPSTREAM', `Model returned an invalid answer twice: ${answer.reason}`);
  }
}

type Attempt = { ok: true; completion: ChatCompletion } | { ok: false; error: unknown; sent: boolean };

/** The caller's refusal of an attempt (a spent budget, a stop): thrown as it is, never retried. */
class Refused {
  constructor(readonly error: unknown) {}
}

/**
 * One HTTP attempt through the rate limiter; `sent` tells whether it got past the limiter.
 * The caller's `beforeAttempt` is asked at the last moment, once the limiter lets the
 * request go, so a budget spent while it waited (or backed off) stops it too.
 */
async function attemptOnce(
  options: ModelClientOptions,
  body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
  estimatedTokens: number,
  ctx: CallContext,
): Promise<Attempt> {
  let sent = false;
  // The SDK and the limiter add abort listeners to the signal they are given: this attempt's own, dropped when it ends.
  const scope = abortScope(ctx.signal);
  try {
    const completion = await options.limiter.schedule(
      estimatedTokens,
      (reservation) => {
        try {
          ctx.beforeAttempt?.();
        } catch (error) {
          reservation.settle(0);
          throw new Refused(error);
        }
        sent = true;
        return send(options, body, reservation, scope.signal);
      },
      scope.signal,
    );
    return { ok: true, completion };
  } catch (error) {
    if (error instanceof Refused) throw error.error;
    return { ok: false, error, sent };
  } finally {
    scope.release();
  }
}

/**
 * Records a failed attempt that was sent, then throws unless it is worth retrying. It is
 * charged nothing: an HTTP error answer carries no usage, and a request that got no answer
 * (refused connection, timeout, abort) left no bill we can see; cost is only what the model
 * billed in an answer, so reports and the run budget never count a guess.
 */
async function recordFailure(
  options: ModelClientOptions,
  purpose: ModelCallPurpose,
  ctx: CallContext,
  outcome: Extract<Attempt, { ok: false }>,
  latencyMs: number,
): Promise<Extract<Failure, { kind: 'retry' }>> {
  const failure = classifyFailure(outcome.error, { model: options.model, nowMs: options.clock.now() });
  const aborted = failure.kind === 'aborted' || ctx.signal?.aborted === true;
  if (outcome.sent) {
    const text = aborted ? 'aborted' : failure.kind === 'retry' ? failure.message : errorMessage(outcome.error);
    await ctx.onCall?.(makeCall(options, purpose, { tokensIn: 0, tokensOut: 0 }, latencyMs, false, text));
  }
  if (aborted) throw ctx.signal?.reason ?? outcome.error;
  if (failure.kind !== 'retry') throw failure.kind === 'fail' ? failure.error : outcome.error;
  return failure;
}

async function send(
  options: ModelClientOptions,
  body: OpenAI.Chat.ChatCompletionCreateParamsNonStreaming,
  reservation: Reservation,
  signal: AbortSignal | undefined,
): Promise<ChatCompletion> {
  try {
    const completion = await options.client.chat.completions.create(body, { signal });
    if (completion.usage) reservation.settle(completion.usage.prompt_tokens + completion.usage.completion_tokens);
    return completion;
  } catch (error) {
    // An HTTP error answer used no tokens; a timeout keeps its reservation, it may have.
    const failure = classifyFailure(error, { model: options.model, nowMs: options.clock.now() });
    if (failure.kind !== 'aborted' && failure.answered) reservation.settle(0);
    throw error;
  }
}

function makeCall(options: ModelClientOptions, purpose: ModelCallPurpose, usage: Usage, latencyMs: number, ok: boolean, error?: string): ModelCall {
  return {
    model: options.model,
    purpose,
    tokensIn: usage.tokensIn,
    tokensOut: usage.tokensOut,
    latencyMs: Math.round(latencyMs),
    costUsd: estimateCostUsd(options.price, usage.tokensIn, usage.tokensOut),
    ok,
    ...(error === undefined ? {} : { error }),
  };
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
