import { z } from 'zod/mini';
import { analysisResultsSchema } from './analysis.js';
import { decisionSchema } from './decisions.js';

/**
 * One meeting as exports and `GET /api/videos/:id/analysis.json` give it (issue 27): the
 * meeting, its analysis, each decision with the address that plays its second, and the
 * published story (never a draft, never the editors' notes). The OpenAPI document describes it
 * from this schema; core/exports/meeting-export.ts builds it.
 */
export const meetingExportSchema = z.object({
  id: z.string(),
  video_id: z.string(),
  title: z.nullable(z.string()),
  /** The day the title names, else the upload day ("2026-03-24"). */
  held_on: z.nullable(z.string()),
  published_at: z.nullable(z.string()),
  city: z.object({ name: z.string(), state: z.string(), location_key: z.string() }),
  video_url: z.nullable(z.string()),
  page_url: z.string(),
  analysis: z.nullable(analysisResultsSchema),
  decisions: z.array(z.extend(decisionSchema, { at_url: z.nullable(z.string()) })),
  story: z.nullable(
    z.object({ published_at: z.nullable(z.string()), headline: z.nullable(z.string()), body: z.string(), quick_facts: z.array(z.string()) }),
  ),
});
export type MeetingExport = z.infer<typeof meetingExportSchema>;
