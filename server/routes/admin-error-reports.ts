import { Router } from 'express';
import type { AdminErrorReport } from '../../core/domain/error-reports.js';
import type { Core, ErrorReportRow } from '../../core/index.js';
import { requireAdmin } from '../middleware/guards.js';
import { resolveReportSchema } from '../../core/domain/newsroom.js';
import { parseRequest } from '../middleware/validate.js';
import { idParams } from './common.js';
import { z } from 'zod';

function presentErrorReport(row: ErrorReportRow): AdminErrorReport {
  return {
    id: row.id,
    video: { id: row.city_video_id, video_id: row.video_id, title: row.title, city_slug: row.city_slug },
    story_generated_at: row.story_generated_at?.toISOString() ?? null,
    message: row.message,
    moment_ms: row.moment_ms,
    email: row.email,
    created_at: row.created_at.toISOString(),
    resolved_at: row.resolved_at?.toISOString() ?? null,
  };
}

/** Resolving may publish a correction note on the meeting's story (issue 24). */
const resolveSchema = z.optional(resolveReportSchema).transform((body) => body ?? {});

/** The editors' inbox of residents' error reports (issue 24). Admins only. */
export function createAdminErrorReportsRouter(core: Core): Router {
  const router = Router();
  router.use('/admin/error-reports', requireAdmin);

  /** Open reports, oldest first: the ones waiting longest come first. */
  router.get('/admin/error-reports', async (_req, res) => {
    res.json((await core.errorReports.list()).map(presentErrorReport));
  });

  router.post('/admin/error-reports/:id/resolve', async (req, res) => {
    const { id } = parseRequest(idParams, req, 'params');
    const { correction_note: correctionNote } = parseRequest(resolveSchema, req);
    // requireAdmin let the request through, so there is a user.
    const resolved = await core.errorReports.resolve(id, req.user?.id ?? '', { correctionNote: correctionNote?.trim() || null });
    res.json({ id: resolved.id, resolved_at: resolved.resolved_at.toISOString() });
  });

  return router;
}
