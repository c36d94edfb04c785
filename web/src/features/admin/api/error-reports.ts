import { useQueryClient } from '@/lib/query/provider.js';
import { useMutation } from '@/lib/query/use-mutation.js';
import { queryOptions, useQuery } from '@/lib/query/use-query.js';
import { z } from 'zod/mini';
import { adminErrorReportSchema, type AdminErrorReport } from '@domain/error-reports.js';
import { api } from '@/lib/api-client.js';
import { apiPaths } from '@/lib/paths.js';

const ERROR_REPORTS_KEY = ['admin', 'error-reports'] as const;

/** GET /api/admin/error-reports: open reports, oldest first. */
function getErrorReports(signal?: AbortSignal): Promise<AdminErrorReport[]> {
  return api.get(apiPaths.adminErrorReports(), z.array(adminErrorReportSchema), { signal });
}

export function useErrorReports() {
  return useQuery(queryOptions({ queryKey: ERROR_REPORTS_KEY, queryFn: ({ signal }) => getErrorReports(signal) }));
}

/**
 * POST /api/admin/error-reports/:id/resolve, with a correction note the server publishes on the
 * meeting's story (issue 24) when one is written; the inbox is read again so the report leaves it.
 */
function resolveErrorReport({ id, correctionNote }: { id: string; correctionNote?: string | undefined }) {
  const note = correctionNote?.trim();
  return api.post(apiPaths.adminErrorReportResolve(id), note ? { correction_note: note } : {}, z.object({ id: z.string(), resolved_at: z.string() }));
}

export function useResolveErrorReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resolveErrorReport,
    onSettled: () => client.invalidateQueries({ queryKey: ERROR_REPORTS_KEY }),
  });
}
