/**
 * A small parser for the YouTube Atom feed (/feeds/videos.xml). The feed's shape is fixed and
 * flat, so matching the few elements we need is safer than a new XML dependency; CDATA and
 * entities are handled, namespaces are matched by the prefixes YouTube uses (yt:, media:).
 */
import { xmlText } from './xml-text.js';

interface AtomEntry {
  videoId: string;
  title: string;
  description: string;
  /** The entry's author: the channel that uploaded the video. */
  authorName: string | null;
  /** As written in the feed ("2026-01-14T18:30:00+00:00"). */
  published: string | null;
  thumbnailUrl: string | null;
}

export interface AtomFeed {
  /** The feed's own title: the channel's or playlist's name. */
  title: string | null;
  authorName: string | null;
  entries: AtomEntry[];
}

const ENTRY = /<entry(?:\s[^>]*)?>([\s\S]*?)<\/entry>/g;
const VIDEO_ID = /^[A-Za-z0-9_-]{11}$/;

function escapeName(name: string): string {
  return name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** The text of the first `<name>` element in `xml`; `<title>` does not match `<media:title>`. */
function elementText(xml: string, name: string): string | null {
  const tag = escapeName(name);
  const match = new RegExp(`<${tag}(?:\\s[^>]*?)?(?:/>|>([\\s\\S]*?)</${tag}\\s*>)`).exec(xml);
  if (!match) return null;
  return xmlText(match[1] ?? '').trim();
}

function attribute(xml: string, element: string, name: string): string | null {
  const tag = escapeName(element);
  const start = new RegExp(`<${tag}\\s[^>]*>`).exec(xml);
  if (!start) return null;
  const value = new RegExp(`\\s${escapeName(name)}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(start[0]);
  if (!value) return null;
  return xmlText(value[1] ?? value[2] ?? '');
}

function authorName(xml: string): string | null {
  const author = /<author(?:\s[^>]*)?>([\s\S]*?)<\/author>/.exec(xml);
  return author ? elementText(author[1] ?? '', 'name') || null : null;
}

function parseEntry(xml: string): AtomEntry | null {
  // <id>yt:video:ID</id> is the fallback when a feed omits <yt:videoId>.
  const videoId = elementText(xml, 'yt:videoId') ?? elementText(xml, 'id')?.replace(/^yt:video:/, '') ?? '';
  if (!VIDEO_ID.test(videoId)) return null;
  return {
    videoId,
    title: elementText(xml, 'title') ?? elementText(xml, 'media:title') ?? '',
    description: elementText(xml, 'media:description') ?? '',
    authorName: authorName(xml),
    published: elementText(xml, 'published') || null,
    thumbnailUrl: attribute(xml, 'media:thumbnail', 'url') || null,
  };
}

export function parseAtomFeed(xml: string): AtomFeed {
  const firstEntry = xml.search(/<entry[\s>]/);
  const head = firstEntry === -1 ? xml : xml.slice(0, firstEntry);
  const entries: AtomEntry[] = [];
  for (const match of xml.matchAll(ENTRY)) {
    const entry = parseEntry(match[1] ?? '');
    if (entry) entries.push(entry);
  }
  return { title: elementText(head, 'title') || null, authorName: authorName(head), entries };
}

/** Cheap sanity check before parsing: an HTML error page is not a feed. */
export function looksLikeAtomFeed(text: string): boolean {
  return /<feed[\s>]/.test(text.slice(0, 2000));
}
