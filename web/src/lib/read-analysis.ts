import { analysisResultsSchema, type AnalysisResults } from '@domain/analysis.js';

/** The stored analysis when it has the shape of spec §3; one that does not is logged and shown as none. */
export function readAnalysis(stored: unknown): AnalysisResults | null {
  if (stored == null) return null;
  const parsed = analysisResultsSchema.safeParse(stored);
  if (parsed.success) return parsed.data;
  console.error('The stored analysis does not have the expected shape', parsed.error);
  return null;
}
