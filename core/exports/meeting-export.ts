import type { City } from '../db/schema.js';
import type { ExportVideoRow } from '../db/repositories/video-exports.js';
import { analysisResultsSchema, type AnalysisResults } from '../domain/analysis.js';
import { decisionStartMs } from '../domain/decisions.js';
import { meetingDayIn } from '../domain/meeting-day.js';
import { parseStoredStory } from '../domain/news-story.js';
import { paths } from '../domain/site-paths.js';
import type { CsvCell } from '../domain/csv.js';
import type { MeetingExport } from '../domain/meeting-export.js';

export type { MeetingExport };

// What an export says of one meeting: core/domain/meeting-export.ts. Drafts waiting for review
// are never read here (ExportVideoRow has no draft column): an export is as public as the page.
export type ExportCity = Pick<City, 'name' | 'state' | 'location_key'>;

const isoDay = (date: Date | null) => (date ? date.toISOString().slice(0, 10) : null);

function meetingPageUrl(publicUrl: string, city: ExportCity, videoId: string): string {
  return `${publicUrl}${paths.cityMeeting.href(city.location_key, videoId)}`;
}

/** The meeting page opened at a second (`?t=`, as the player's moment links). */
export function momentUrl(pageUrl: string, ms: number | null): string | null {
  return ms === null ? null : `${pageUrl}?t=${Math.floor(ms / 1000)}`;
}

/** The stored analysis when it still reads as one (an unreadable row exports as none, never half). */
function readAnalysis(stored: unknown): AnalysisResults | null {
  if (stored === null || stored === undefined) return null;
  const parsed = analysisResultsSchema.safeParse(stored);
  return parsed.success ? parsed.data : null;
}

function readStory(row: ExportVideoRow): MeetingExport['story'] {
  const parsed = parseStoredStory(row.news_story);
  if (!parsed) return null;
  const published_at = row.story_generated_at ? row.story_generated_at.toISOString() : null;
  if (parsed.kind === 'text') return { published_at, headline: null, body: parsed.text, quick_facts: [] };
  const { headline, body } = parsed.story.article;
  return { published_at, headline, body, quick_facts: parsed.story.sidebar_elements.quick_facts };
}

export function meetingExport(row: ExportVideoRow, city: ExportCity, publicUrl: string): MeetingExport {
  const analysis = readAnalysis(row.analysis_results);
  const page_url = meetingPageUrl(publicUrl, city, row.id);
  return {
    id: row.id,
    video_id: row.video_id,
    title: row.title,
    held_on: meetingDayIn(row.title) ?? isoDay(row.published_at),
    published_at: row.published_at ? row.published_at.toISOString() : null,
    city: { name: city.name, state: city.state, location_key: city.location_key },
    video_url: row.video_url,
    page_url,
    analysis,
    decisions: (analysis?.decisions ?? []).map((decision) => ({ ...decision, at_url: momentUrl(page_url, decisionStartMs(decision)) })),
    story: readStory(row),
  };
}

/** The columns of a decisions CSV, one row a decision: what a spreadsheet of votes needs. */
export const DECISION_COLUMNS = [
  'held_on', 'meeting_title', 'item_number', 'item', 'outcome', 'yes', 'no', 'abstain', 'absent', 'vote_kind', 'unanimous',
  'mover', 'seconder', 'motion', 'evidence', 'at_seconds', 'at_url', 'meeting_url', 'meeting_id',
] as const;

export function decisionRows(meeting: MeetingExport): CsvCell[][] {
  return meeting.decisions.map((decision) => {
    const start = decisionStartMs(decision);
    return [
      meeting.held_on, meeting.title, decision.item_number, decision.item, decision.outcome,
      decision.tally?.yes ?? null, decision.tally?.no ?? null, decision.tally?.abstain ?? null, decision.tally?.absent ?? null,
      decision.vote_kind, decision.unanimous ?? null, decision.mover, decision.seconder, decision.motion,
      decision.evidence.map((evidence) => evidence.text).join(' … '),
      start === null ? null : Math.floor(start / 1000), decision.at_url, meeting.page_url, meeting.id,
    ];
  });
}

/** The columns of a meetings CSV: one row a meeting, what it was and what it decided. */
export const MEETING_COLUMNS = ['held_on', 'title', 'summary', 'decisions', 'story_headline', 'video_url', 'meeting_url', 'meeting_id'] as const;

export function meetingRow(meeting: MeetingExport): CsvCell[] {
  return [
    meeting.held_on, meeting.title, meeting.analysis?.summary ?? null, meeting.decisions.length, meeting.story?.headline ?? null,
    meeting.video_url, meeting.page_url, meeting.id,
  ];
}

/** The columns of a transcripts CSV: one row a transcript segment. */
export const SEGMENT_COLUMNS = ['meeting_id', 'held_on', 'start_ms', 'end_ms', 'speaker', 'text', 'at_url'] as const;
