import type { AnalysisResults } from '../../domain/analysis.js';
import { abortScope } from '../../abort-scope.js';
import { AppError } from '../../errors.js';
import type { AnalyzeInput, CallContext } from '../../ports/language-model.js';
import { analysisAnswerTokens, MERGE_ANSWER_TOKENS } from './answer-sizes.js';
import { chunkTranscript, estimateTokens, type Chunk } from './chunking.js';
import { mergeActionItems, mergeDecisions, mergeEntities, mergeHighlights } from './merge.js';
import { callStructured, type ModelClientOptions } from './model-client.js';
import { analysisMessages, MERGE_SYSTEM_PROMPT, mergeMessages, type PartSummary } from './prompts.js';
import { modelAnalysisSchema, modelMergeSchema, SCHEMA_NAMES, toActionItem, toDecision, toEntity, toHighlight, type ModelAnalysis } from './schemas.js';

export interface AnalysisPlan {
  modelClient: ModelClientOptions;
  contextTokens: number;
  outputReserveTokens: number;
}

/** Below this much room for transcript per call, chunking would only produce noise. */
const MIN_CHUNK_TOKENS = 200;
/** Room for the "Part 3 of 12, from … to …" line and message framing. */
const FRAMING_TOKENS = 60;

type Meeting = Pick<AnalyzeInput, 'title' | 'description' | 'publishedAt'>;

/**
 * Map-reduce over the transcript. Map: each chunk that fits the context is analysed on its own
 * (one call, purpose 'analysis', when the whole meeting fits). Reduce: highlights, action items,
 * entities and decisions are concatenated and deduplicated in code (merge.ts); the chunk summaries are
 * merged by the model ('analysis-merge'), in rounds when even the summaries do not fit at once.
 */
export async function analyzeInChunks(plan: AnalysisPlan, input: AnalyzeInput, ctx: CallContext = {}): Promise<Omit<AnalysisResults, 'generator'>> {
  const segments = input.segments.filter((segment) => segment.text.trim() !== '');
  if (segments.length === 0) throw new AppError('BAD_INPUT', 'Transcript is empty');
  const meeting: Meeting = { title: input.title, description: input.description, publishedAt: input.publishedAt };
  const chunks = chunkTranscript(segments, { budgetTokens: transcriptBudget(plan, meeting) });
  const analyses = await allOrAbort(ctx, (scoped) => chunks.map((chunk) => analyzeChunk(plan, chunk, chunks.length, meeting, scoped)));
  const starts = [...new Set(segments.map((segment) => segment.start_ms))].sort((a, b) => a - b);
  const summary =
    analyses.length === 1
      ? analyses[0]!.summary.trim()
      : await mergeSummaries(
          plan,
          chunks.map((chunk, i) => ({ start_ms: chunk.start_ms, end_ms: chunk.end_ms, summary: analyses[i]!.summary.trim() })),
          meeting,
          ctx,
        );
  return {
    summary,
    highlights: mergeHighlights(analyses.flatMap((a) => a.highlights.map((h) => toHighlight(h, starts)))),
    action_items: mergeActionItems(analyses.flatMap((a) => a.action_items.map(toActionItem))),
    entities: mergeEntities(analyses.flatMap((a) => a.entities.map(toEntity))),
    decisions: mergeDecisions(analyses.flatMap((a) => a.decisions.flatMap((d) => toDecision(d, starts) ?? []))),
  };
}

/** Tokens of transcript one call can carry: the context less the prompt and the answer's reserve. */
function transcriptBudget(plan: Pick<AnalysisPlan, 'contextTokens' | 'outputReserveTokens'>, meeting: Meeting): number {
  const empty: Chunk = { index: 0, start_ms: 0, end_ms: 0, text: '', tokens: 0 };
  const prompt = analysisMessages(empty, 2, meeting);
  const budget = plan.contextTokens - plan.outputReserveTokens - estimateTokens(prompt.system) - estimateTokens(prompt.user) - FRAMING_TOKENS;
  if (budget < MIN_CHUNK_TOKENS) {
    throw new AppError('CONFIG', `A context of ${plan.contextTokens} tokens leaves no room for the transcript; raise contextTokens`);
  }
  return budget;
}

function analyzeChunk(plan: AnalysisPlan, chunk: Chunk, total: number, meeting: Meeting, ctx: CallContext): Promise<ModelAnalysis> {
  return callStructured(
    plan.modelClient,
    {
      purpose: total === 1 ? 'analysis' : 'analysis-chunk',
      schema: modelAnalysisSchema,
      schemaName: SCHEMA_NAMES.analysis,
      messages: analysisMessages(chunk, total, meeting),
      outputTokens: analysisAnswerTokens(total, plan.outputReserveTokens),
    },
    ctx,
  );
}

async function mergeSummaries(plan: AnalysisPlan, parts: PartSummary[], meeting: Meeting, ctx: CallContext): Promise<string> {
  const budget = plan.contextTokens - plan.outputReserveTokens - estimateTokens(MERGE_SYSTEM_PROMPT) - FRAMING_TOKENS;
  let level = parts;
  while (level.length > 1) {
    const groups = groupParts(level, budget);
    level = await allOrAbort(ctx, (scoped) => groups.map((group) => (group.length === 1 ? Promise.resolve(group[0]!) : mergeGroup(plan, group, meeting, scoped))));
  }
  return level[0]?.summary ?? '';
}

async function mergeGroup(plan: AnalysisPlan, group: readonly PartSummary[], meeting: Meeting, ctx: CallContext): Promise<PartSummary> {
  const merged = await callStructured(
    plan.modelClient,
    {
      purpose: 'analysis-merge',
      schema: modelMergeSchema,
      schemaName: SCHEMA_NAMES.merge,
      messages: mergeMessages(group, meeting),
      outputTokens: Math.min(MERGE_ANSWER_TOKENS, plan.outputReserveTokens),
    },
    ctx,
  );
  return { start_ms: group[0]!.start_ms, end_ms: group[group.length - 1]!.end_ms, summary: merged.summary.trim() };
}

/** Consecutive parts whose summaries fit the budget together; at least two per group, so every round shrinks. */
export function groupParts<T extends { summary: string }>(parts: readonly T[], budgetTokens: number): T[][] {
  const groups: T[][] = [];
  let current: T[] = [];
  let tokens = 0;
  for (const part of parts) {
    const size = estimateTokens(part.summary) + 20;
    if (current.length >= 2 && tokens + size > budgetTokens) {
      groups.push(current);
      current = [];
      tokens = 0;
    }
    current.push(part);
    tokens += size;
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

/**
 * Runs calls side by side; the first failure aborts the others (no point paying for chunks of
 * an analysis that has already failed) and is what the caller sees.
 */
async function allOrAbort<T>(ctx: CallContext, start: (scoped: CallContext) => Array<Promise<T>>): Promise<T[]> {
  const controller = new AbortController();
  // One listener on the caller's signal however many analyses run side by side (abort-scope.ts).
  const scope = abortScope(ctx.signal);
  const forward = () => controller.abort(scope.signal?.reason);
  scope.signal?.addEventListener('abort', forward, { once: true });
  if (scope.signal?.aborted) forward();
  try {
    const calls = start({ ...ctx, signal: controller.signal });
    return await Promise.all(
      calls.map((call) =>
        call.catch((error: unknown) => {
          if (!controller.signal.aborted) controller.abort(error);
          throw error;
        }),
      ),
    );
  } finally {
    scope.signal?.removeEventListener('abort', forward);
    scope.release();
  }
}
