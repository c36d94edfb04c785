import { Router } from 'express';
import { z } from 'zod';
import { errorReportBodySchema } from '../../core/domain/error-reports.js';
import type { Core } from '../../core/index.js';
import { cityRequestBodySchema, contactBodySchema } from '../../core/domain/submissions.js';
import { requestAudience } from '../middleware/guards.js';
import type { SubmissionRateLimiters } from '../middleware/rate-limits.js';
import { parseRequest } from '../middleware/validate.js';
import { text } from './common.js';

/** Our record id, or the platform's video id (as GET /api/videos/:id takes). */
const videoParams = z.object({ id: text(64).min(1) });

/** What visitors send (spec §5): a city coverage request, the contact form and error reports, each limited per client. */
export function createSubmissionsRouter(core: Core, limits: SubmissionRateLimiters): Router {
  const router = Router();

  router.post('/city-requests', limits.cityRequest, async (req, res) => {
    const input = parseRequest(cityRequestBodySchema, req);
    const { id } = await core.submissions.requestCity(input);
    res.status(201).json({ id });
  });

  router.post('/contact', limits.contact, async (req, res) => {
    const input = parseRequest(contactBodySchema, req);
    const { id } = await core.submissions.submitContact(input);
    res.status(201).json({ id });
  });

  /** "Report an error" on a story or meeting page (issue 24): 404 for an unknown video. */
  router.post('/videos/:id/error-reports', limits.errorReport, async (req, res) => {
    const { id } = parseRequest(videoParams, req, 'params');
    const body = parseRequest(errorReportBodySchema, req);
    const { id: reportId } = await core.errorReports.report(id, body, await requestAudience(req, res));
    res.status(201).json({ id: reportId });
  });

  return router;
}
