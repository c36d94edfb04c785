import type { TranscriptSegment } from '../domain/transcript.js';
import type { ModelCall } from '../ports/language-model.js';
import type { FakeOpenAi } from './fake-openai.js';
import { createOpenAiAnalyzer, type OpenAiAnalyzerOptions } from '../adapters/openai/openai-analyzer.js';

/** Test-only: a short council meeting with named speakers. */
export const MEETING: TranscriptSegment[] = [
  ['Mayor Lopez', 'Good evening and welcome to the regular meeting of the Springfield City Council.'],
  ['Mayor Lopez', 'Our first item tonight is the proposed repair of the Oak Street bridge.'],
  ['Director Chen', 'The engineering report estimates the repairs at $2.4 million over two years.'],
  ['Councilmember Park', 'I am worried that closing the bridge for six months will hurt the businesses downtown.'],
  ['Director Chen', 'We plan to keep one lane open during most of the construction period.'],
  ['Councilmember Park', 'I move to approve the bridge repair contract with the one lane condition.'],
  ['Councilmember Diaz', 'Second.'],
  ['Mayor Lopez', 'All in favor? The motion passes five to zero.'],
  ['Mayor Lopez', 'Staff will report back on the detour plan by the end of August.'],
  ['Mayor Lopez', 'Our next meeting is on July 9, 2025, at six in the evening. We are adjourned.'],
].map(([speaker, text], i) => ({ start_ms: i * 45_000 + 1_000, end_ms: i * 45_000 + 40_000, speaker: speaker!, text: text! }));

export interface Harness {
  calls: ModelCall[];
  sleeps: number[];
  onCall: (call: ModelCall) => void;
}

export function harness(): Harness {
  const calls: ModelCall[] = [];
  return { calls, sleeps: [], onCall: (call) => void calls.push(call) };
}

/** An analyzer pointed at the fake, whose waits are recorded instead of slept. */
export function analyzerFor(fake: FakeOpenAi, h: Harness, overrides: Partial<OpenAiAnalyzerOptions> = {}) {
  return createOpenAiAnalyzer({
    apiKey: 'test-key',
    baseUrl: fake.url,
    model: 'gpt-4o-mini',
    sleep: async (ms) => {
      h.sleeps.push(ms);
    },
    random: () => 0.5,
    retryBaseMs: 100,
    ...overrides,
  });
}
