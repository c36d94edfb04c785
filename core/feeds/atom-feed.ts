import { Feed } from 'feed';
import { describeDecision, decisionStartMs } from '../domain/decisions.js';
import { escapeHtml } from '../domain/search-highlight.js';
import { formatTimestamp } from '../domain/transcript.js';
import type { MeetingExport } from '../exports/meeting-export.js';
import { paths } from '../domain/site-paths.js';

export interface AtomFeedInput {
  /** The feed's own address (its id and rel="self"). */
  selfUrl: string;
  /** The page the feed follows (rel="alternate"). */
  pageUrl: string;
  title: string;
  subtitle: string;
  publicUrl: string;
  siteName: string;
  meetings: readonly MeetingExport[];
}


/** When an entry last changed: its story's writing, else its publication. */
function updatedOf(meeting: MeetingExport): Date {
  const times = [meeting.story?.published_at, meeting.published_at].filter((time): time is string => Boolean(time)).map((time) => new Date(time).getTime());
  return new Date(times.length > 0 ? Math.max(...times) : 0);
}

/** The entry's HTML: the summary, each decision with a link that plays its second, the story. */
function entryContent(meeting: MeetingExport, storyUrl: string): string {
  const parts: string[] = [];
  if (meeting.analysis?.summary) parts.push(`<p>${escapeHtml(meeting.analysis.summary)}</p>`);
  if (meeting.decisions.length > 0) {
    const items = meeting.decisions.map((decision) => {
      const start = decisionStartMs(decision);
      const line = escapeHtml(describeDecision(decision, start === null ? null : formatTimestamp(start)));
      return `<li>${decision.at_url ? `<a href="${escapeHtml(decision.at_url)}">${line}</a>` : line}</li>`;
    });
    parts.push(`<p>Decisions:</p><ul>${items.join('')}</ul>`);
  }
  if (meeting.story) parts.push(`<p><a href="${escapeHtml(storyUrl)}">Read the story${meeting.story.headline ? `: ${escapeHtml(meeting.story.headline)}` : ''}</a></p>`);
  return parts.join('\n');
}

/**
 * An Atom 1.0 feed of meetings (issue 27), written by the `feed` library: one entry a meeting,
 * titled by its published story's headline (never a draft's) or its own title, linking to the
 * meeting page, with its summary and decisions.
 */
export function atomFeed(input: AtomFeedInput): string {
  const updated = input.meetings.reduce((latest, meeting) => Math.max(latest, updatedOf(meeting).getTime()), 0);
  const feed = new Feed({
    id: input.selfUrl,
    title: input.title,
    description: input.subtitle,
    link: input.pageUrl,
    updated: new Date(updated),
    generator: input.siteName,
    language: 'en',
    feedLinks: { atom: input.selfUrl },
    copyright: `Meeting records of public bodies; summaries by ${input.siteName}`,
    author: { name: input.siteName, link: input.publicUrl },
  });
  for (const meeting of input.meetings) {
    const storyUrl = `${input.publicUrl}${paths.cityMeetingStory.href(meeting.city.location_key, meeting.id)}`;
    const place = `${meeting.city.name}, ${meeting.city.state}`;
    feed.addItem({
      id: meeting.page_url,
      title: meeting.story?.headline ?? meeting.title ?? `Meeting of ${place}`,
      link: meeting.page_url,
      date: updatedOf(meeting),
      ...(meeting.published_at ? { published: new Date(meeting.published_at) } : {}),
      description: meeting.analysis?.summary ?? `A meeting of ${place}.`,
      content: entryContent(meeting, storyUrl),
      category: [{ term: meeting.city.location_key, name: place }],
    });
  }
  return feed.atom1();
}
