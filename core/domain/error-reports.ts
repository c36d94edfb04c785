import { z } from 'zod/mini';

/**
 * "Report an error" (issue 24): what a resident sends about a story or meeting page, as the web
 * form builds it. The server reads the same body with the same schema. zod/mini, as every
 * core/domain schema the web app loads (session.ts says why).
 */

export const MAX_ERROR_REPORT_MESSAGE = 2000;
const MAX_ERROR_REPORT_EMAIL = 254;

export const ERROR_REPORT_MESSAGE_REQUIRED = 'Please say what is wrong.';
export const ERROR_REPORT_BAD_MOMENT = 'The moment must be a time in the video, like 1:23:45.';
export const ERROR_REPORT_BAD_EMAIL = 'Please enter a valid email address, or leave it empty.';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A time in the video as people write it ("1:23:45", "23:45", or plain seconds "95") in
 * milliseconds; null when it is not one. Minutes and seconds past a larger unit stay below 60.
 */
export function parseMomentText(value: string): number | null {
  const text = value.trim();
  if (/^\d{1,6}$/.test(text)) return Number(text) * 1000;
  const clock = /^(?:(\d{1,3}):)?(\d{1,2}):(\d{2})$/.exec(text);
  if (!clock) return null;
  const hours = Number(clock[1] ?? 0);
  const minutes = Number(clock[2]);
  const seconds = Number(clock[3]);
  if (seconds >= 60 || (clock[1] !== undefined && minutes >= 60)) return null;
  return ((hours * 60 + minutes) * 60 + seconds) * 1000;
}

/** The form's way of showing a moment: 1:23:45 or 3:05. */
export function formatMoment(ms: number): string {
  const total = Math.floor(ms / 1000);
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${seconds}` : `${minutes}:${seconds}`;
}

/** Empty and missing optional fields mean "not given". */
const optionalText = (max: number, message: string) =>
  z.pipe(
    z.nullish(z.string({ error: message }).check(z.trim(), z.maxLength(max, message))),
    z.transform((value: string | null | undefined) => (value ? value : null)),
  );

export const errorReportBodySchema = z.object({
  message: z
    .string({ error: ERROR_REPORT_MESSAGE_REQUIRED })
    .check(
      z.trim(),
      z.minLength(1, ERROR_REPORT_MESSAGE_REQUIRED),
      z.maxLength(MAX_ERROR_REPORT_MESSAGE, `Please keep it under ${MAX_ERROR_REPORT_MESSAGE} characters.`),
    ),
  /** A time like 1:23:45; empty or missing when the report is about no moment in particular. */
  moment: optionalText(20, ERROR_REPORT_BAD_MOMENT).check(
    z.refine((value) => value === null || parseMomentText(value) !== null, ERROR_REPORT_BAD_MOMENT),
  ),
  email: optionalText(MAX_ERROR_REPORT_EMAIL, ERROR_REPORT_BAD_EMAIL).check(
    z.refine((value) => value === null || EMAIL.test(value), ERROR_REPORT_BAD_EMAIL),
  ),
});
export type ErrorReportBody = z.input<typeof errorReportBodySchema>;

/** One report in the admin inbox (GET /api/admin/error-reports). */
export const adminErrorReportSchema = z.object({
  id: z.string(),
  video: z.object({ id: z.string(), video_id: z.string(), title: z.nullable(z.string()), city_slug: z.nullable(z.string()) }),
  story_generated_at: z.nullable(z.string()),
  message: z.string(),
  moment_ms: z.nullable(z.number()),
  email: z.nullable(z.string()),
  created_at: z.string(),
  resolved_at: z.nullable(z.string()),
});
export type AdminErrorReport = z.infer<typeof adminErrorReportSchema>;
