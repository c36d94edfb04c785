/**
 * The alert emails (issue 27): plain text, one per alert per meeting or one per digest. Each
 * match is the sentence with the searched words marked *like this*, and a link that plays that
 * second; the meeting's published story (never a draft) follows. Every email carries the
 * RFC 8058 one-click unsubscribe headers and a link to a page that unsubscribes signed out.
 */
import type { SavedSearchRow } from '../db/repositories/saved-searches.js';
import { alertPaths } from '../domain/alerts.js';
import { paths } from '../domain/site-paths.js';
import { formatTimestamp } from '../domain/transcript.js';
import { momentUrl, type MeetingExport } from '../exports/meeting-export.js';
import type { MailMessage } from '../ports/mailer.js';

/** One match as stored with its delivery: enough to write the email later (digests). */
export interface StoredMatch {
  kind: 'moment' | 'decision';
  start_ms: number | null;
  text: string;
  /** HTML: the text escaped, the matched words in <mark>…</mark> (core/search/highlight.ts). */
  highlighted: string;
}

export interface MeetingMatches {
  meeting: MeetingExport;
  matches: readonly StoredMatch[];
}

export interface AlertSite {
  publicUrl: string;
  siteName: string;
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** The highlighted HTML as plain text with the marked words between asterisks. */
function markedText(highlighted: string): string {
  return highlighted.replace(/<mark>(.*?)<\/mark>/g, '*$1*').replace(/&(amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity);
}

function meetingLines(site: AlertSite, { meeting, matches }: MeetingMatches): string[] {
  const place = `${meeting.city.name}, ${meeting.city.state}`;
  const lines = [`${meeting.title ?? 'Meeting'} (${place}${meeting.held_on ? `, ${meeting.held_on}` : ''})`, meeting.page_url, ''];
  for (const match of matches) {
    const at = match.start_ms === null ? '' : `[${formatTimestamp(match.start_ms)}] `;
    lines.push(`- ${match.kind === 'decision' ? 'Decision: ' : ''}${at}${markedText(match.highlighted)}`);
    const link = momentUrl(meeting.page_url, match.start_ms);
    if (link) lines.push(`  Play this moment: ${link}`);
  }
  if (meeting.story) {
    const storyUrl = `${site.publicUrl}${paths.cityMeetingStory.href(meeting.city.location_key, meeting.id)}`;
    lines.push('', `Story: ${meeting.story.headline ?? 'Read the story'}`, storyUrl);
  }
  return lines;
}

function footer(site: AlertSite, search: SavedSearchRow): string[] {
  const how = search.frequency === 'immediate' ? 'as soon as a meeting is processed' : `in a ${search.frequency} digest`;
  return [
    '',
    '--',
    `You get this email because you saved the search "${search.query}" on ${site.siteName}, with alerts ${how}.`,
    `Unsubscribe from this alert: ${site.publicUrl}${alertPaths.unsubscribePage(search.unsubscribe_token)}`,
    `Manage your alerts: ${site.publicUrl}${paths.profile.href()}`,
  ];
}

/** The headers of RFC 8058: a mail client's own Unsubscribe button POSTs to the address, signed out. */
function unsubscribeHeaders(site: AlertSite, search: SavedSearchRow): Record<string, string> {
  return {
    'List-Unsubscribe': `<${site.publicUrl}${alertPaths.unsubscribeApi(search.unsubscribe_token)}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

/** The email of one alert: one meeting (immediate) or several (a digest). */
export function composeAlertEmail(site: AlertSite, to: string, search: SavedSearchRow, meetings: readonly MeetingMatches[]): MailMessage {
  const first = meetings[0];
  const subject =
    meetings.length === 1 && first
      ? `"${search.query}" came up in ${first.meeting.city.name}: ${first.meeting.title ?? 'a meeting'}`
      : `"${search.query}" came up in ${meetings.length} meetings`;
  const intro =
    meetings.length === 1
      ? `Your saved search "${search.query}" matched a newly published meeting.`
      : `Your saved search "${search.query}" matched ${meetings.length} newly published meetings.`;
  const body = [intro, ''];
  for (const entry of meetings) body.push(...meetingLines(site, entry), '');
  body.push(...footer(site, search));
  return { to, subject, text: body.join('\n'), headers: unsubscribeHeaders(site, search) };
}
