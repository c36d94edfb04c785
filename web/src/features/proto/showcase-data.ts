/**
 * Sample data of the Frontend Components Showcase (spec §3 demo-only shapes): timeline items,
 * search results with a relevance score, and quotes with their verification status. Invented.
 */
import type { VerificationStatus } from '@domain/enums.js';

export const ENTITY_TYPES = ['city', 'school', 'county'] as const;
export type EntityType = (typeof ENTITY_TYPES)[number];
export const ENTITY_LABELS: Record<EntityType, string> = { city: 'City', school: 'School', county: 'County' };

export interface TimelineItem {
  id: string;
  date: string;
  title: string;
  summary: string;
  entity_type: EntityType;
  importance_level: 'high' | 'medium' | 'low';
  key_quotes: { text: string; speaker: string }[];
}

export const TIMELINE: TimelineItem[] = [
  { id: 't1', date: '2026-01-14', title: 'Council opens the downtown parking study', summary: 'Staff present three options for meters and time limits on Main Street.', entity_type: 'city', importance_level: 'medium', key_quotes: [{ text: 'We want people to find a space within two blocks.', speaker: 'Public Works Director' }] },
  { id: 't2', date: '2026-02-03', title: 'School board weighs later start times', summary: 'A proposal moves high school start to 8:30 a.m. from next fall.', entity_type: 'school', importance_level: 'high', key_quotes: [{ text: 'Teenagers need the sleep; the research is clear.', speaker: 'Board Trustee' }, { text: 'Bus routes will have to change.', speaker: 'Transportation Manager' }] },
  { id: 't3', date: '2026-02-20', title: 'County approves road resurfacing bond', summary: 'Supervisors place a $12 million bond on the June ballot.', entity_type: 'county', importance_level: 'high', key_quotes: [{ text: 'These roads were last paved in 1994.', speaker: 'Supervisor' }] },
  { id: 't4', date: '2026-03-09', title: 'Parking study: meters rejected', summary: 'Council chooses two-hour limits without meters after public comment.', entity_type: 'city', importance_level: 'high', key_quotes: [{ text: 'We heard the shop owners loud and clear.', speaker: 'Mayor' }] },
  { id: 't5', date: '2026-03-18', title: 'Library summer hours set', summary: 'Branches will open on Sundays from June through August.', entity_type: 'city', importance_level: 'low', key_quotes: [] },
  { id: 't6', date: '2026-04-02', title: 'School board adopts 8:30 start', summary: 'Trustees vote 4-1 for the later start, with a review after one year.', entity_type: 'school', importance_level: 'medium', key_quotes: [{ text: 'We will look at attendance and grades next spring.', speaker: 'Superintendent' }] },
];

export interface SearchResult {
  id: string;
  title: string;
  snippet: string;
  entity_type: EntityType;
  /** 0 to 1: how well the result matches. */
  relevance_score: number;
  date: string;
}

export const SEARCH_RESULTS: SearchResult[] = [
  { id: 's1', title: 'Council meeting: parking on Main Street', snippet: 'Two-hour limits approved; meters rejected after public comment.', entity_type: 'city', relevance_score: 0.94, date: '2026-03-09' },
  { id: 's2', title: 'Budget workshop: library and parks', snippet: 'Sunday library hours funded; park restrooms deferred to next year.', entity_type: 'city', relevance_score: 0.71, date: '2026-03-18' },
  { id: 's3', title: 'School board: later start times', snippet: 'Trustees adopt an 8:30 a.m. start for high schools, bus routes to change.', entity_type: 'school', relevance_score: 0.88, date: '2026-04-02' },
  { id: 's4', title: 'School board: budget and staffing', snippet: 'Two reading specialists added; parking lot repairs in the budget.', entity_type: 'school', relevance_score: 0.63, date: '2026-02-17' },
  { id: 's5', title: 'Board of supervisors: road bond', snippet: 'A $12 million resurfacing bond goes to the June ballot.', entity_type: 'county', relevance_score: 0.82, date: '2026-02-20' },
  { id: 's6', title: 'Board of supervisors: fire season', snippet: 'Brush clearing budget doubled ahead of summer.', entity_type: 'county', relevance_score: 0.57, date: '2026-04-14' },
];

export interface DashboardQuote {
  id: string;
  text: string;
  speaker: string;
  meeting: string;
  /** Seconds into the meeting video. */
  at_seconds: number;
  verification_status: VerificationStatus;
}

export const DASHBOARD_QUOTES: DashboardQuote[] = [
  { id: 'q1', text: 'We heard the shop owners loud and clear.', speaker: 'Mayor', meeting: 'City Council, March 9', at_seconds: 3725, verification_status: 'verified' },
  { id: 'q2', text: 'Teenagers need the sleep; the research is clear.', speaker: 'Board Trustee', meeting: 'School Board, February 3', at_seconds: 1290, verification_status: 'verified' },
  { id: 'q3', text: 'The roads have not been paved since the nineties.', speaker: 'Supervisor', meeting: 'Board of Supervisors, February 20', at_seconds: 2410, verification_status: 'paraphrased' },
  { id: 'q4', text: 'Every family will save money under this plan.', speaker: 'Public commenter', meeting: 'City Council, March 9', at_seconds: 0, verification_status: 'unverified' },
  { id: 'q5', text: 'We will look at attendance and grades next spring.', speaker: 'Superintendent', meeting: 'School Board, April 2', at_seconds: 4012, verification_status: 'verified' },
];

/** Case-insensitive over title and snippet, best match first; an entity filter narrows it. */
export function searchResults(results: readonly SearchResult[], query: string, entity: EntityType | 'all'): SearchResult[] {
  const needle = query.trim().toLowerCase();
  return results
    .filter((result) => entity === 'all' || result.entity_type === entity)
    .filter((result) => !needle || `${result.title} ${result.snippet}`.toLowerCase().includes(needle))
    .sort((a, b) => b.relevance_score - a.relevance_score);
}
