/** Index of the segment being spoken at `ms`: the last one starting at or before it (-1 before the first). */
export function segmentAt(starts: readonly { start_ms: number }[], ms: number): number {
  let low = 0;
  let high = starts.length - 1;
  let found = -1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (starts[middle]!.start_ms <= ms) {
      found = middle;
      low = middle + 1;
    } else high = middle - 1;
  }
  return found;
}

/** Indexes of the segments whose text contains `query`, ignoring case. */
export function findMatches(segments: readonly { text: string }[], query: string): number[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [];
  const matches: number[] = [];
  segments.forEach((segment, index) => {
    if (segment.text.toLowerCase().includes(needle)) matches.push(index);
  });
  return matches;
}

/** `text` cut around each occurrence of `query` (any case), for <mark>ing them. */
export function splitOnQuery(text: string, query: string): { text: string; match: boolean }[] {
  const needle = query.trim().toLowerCase();
  if (!needle) return [{ text, match: false }];
  const lower = text.toLowerCase();
  const parts: { text: string; match: boolean }[] = [];
  let from = 0;
  for (let at = lower.indexOf(needle); at !== -1; at = lower.indexOf(needle, at + needle.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), match: false });
    parts.push({ text: text.slice(at, at + needle.length), match: true });
    from = at + needle.length;
  }
  if (from < text.length) parts.push({ text: text.slice(from), match: false });
  return parts;
}
