/**
 * Expected answer sizes in tokens, shared by the calls (each reserves its answer against the
 * tokens-per-minute limit, then settles what the model billed) and by the dry-run estimate,
 * which errs high as a budget should. Kept apart from the SDK so the estimate loads without it.
 */

/** Summary, highlights, action items and entities of one analysis call (a chunk or a whole meeting). */
const ANALYSIS_BASE_TOKENS = 3_000;
/**
 * The decisions of one meeting: the real meetings in ../shared/fixtures/real/decisions state 2
 * to 36 results (25 in a typical council meeting), each about 100 tokens with its evidence
 * sentence. A meeting has them once, so its chunks share them.
 */
const DECISIONS_TOKENS = 3_000;
export const MERGE_ANSWER_TOKENS = 600;
export const STORY_ANSWER_TOKENS = 2_000;

/** One analysis call's expected answer when the meeting is analysed in `chunks` calls, within the reserve. */
export function analysisAnswerTokens(chunks: number, outputReserveTokens: number): number {
  return Math.min(ANALYSIS_BASE_TOKENS + Math.ceil(DECISIONS_TOKENS / Math.max(1, chunks)), outputReserveTokens);
}
