import { useMutation } from '@/lib/query/use-mutation.js';
import type { ErrorReportBody } from '@domain/error-reports.js';
import { submissionCreatedSchema } from '@domain/submissions.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

/** POST /api/videos/:id/error-reports (201): a resident says something on the page is wrong. */
function reportError(videoId: string, body: ErrorReportBody): Promise<{ id: string }> {
  return api.post(apiPaths.videoErrorReports(videoId), body, submissionCreatedSchema);
}

export function useReportError(videoId: string) {
  return useMutation({ mutationFn: (body: ErrorReportBody) => reportError(videoId, body) });
}
