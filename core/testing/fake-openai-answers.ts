import { STORY_ANALYSIS_MARKER, STORY_CLOSING_MARKER } from '../adapters/openai/prompts.js';

/**
 * Answers the fake OpenAI server makes up from the prompt alone, shaped like the adapter's
 * structured outputs. Quotes are runs of words copied from transcript lines, with the line's
 * timestamp, so they pass quote verification the way a well-behaved model's would.
 */

interface Line {
  timestamp: string;
  speaker: string | null;
  text: string;
}

const LINE = /^\[(\d+:\d{2}:\d{2})\] (.*)$/;
const SPEAKER = /^([A-Z][\w.'’ -]{0,60}): (.+)$/;
const QUOTE_WORDS = 25;

function transcriptLines(prompt: string): Line[] {
  const lines: Line[] = [];
  for (const raw of prompt.split('\n')) {
    const match = LINE.exec(raw);
    if (!match) continue;
    const rest = match[2]!;
    const speaker = SPEAKER.exec(rest);
    lines.push({ timestamp: match[1]!, speaker: speaker ? speaker[1]! : null, text: speaker ? speaker[2]! : rest });
  }
  return lines;
}

const words = (text: string) => text.split(' ').filter(Boolean);
const firstWords = (text: string, n: number) => words(text).slice(0, n).join(' ');
const firstSentence = (text: string) => /^.*?[.?!](?=\s|$)/.exec(text)?.[0] ?? firstWords(text, 20);

/** `count` items spread evenly over `items`. */
function spread<T>(items: readonly T[], count: number): T[] {
  if (items.length <= count) return [...items];
  return Array.from({ length: count }, (_, i) => items[Math.floor(((i + 0.5) * items.length) / count)]!);
}

const ORGANIZATION = /\b(?:Council|Committee|Department|City|Office|Board|Commission|County|District|Utilities)\b/;

function entitiesOf(lines: readonly Line[]): Array<{ name: string; type: string; context: string }> {
  const found = new Map<string, { name: string; type: string; context: string }>();
  for (const line of lines) {
    for (const match of line.text.matchAll(/\$[\d,.]+(?: (?:million|billion|thousand))?/g)) {
      found.set(match[0], { name: match[0], type: 'money', context: `Amount mentioned at ${line.timestamp}` });
    }
    for (const match of line.text.matchAll(/\b[A-Z][a-z]+(?: [A-Z][a-z]+)+\b/g)) {
      const type = ORGANIZATION.test(match[0]) ? 'organization' : 'person';
      if (!found.has(match[0])) found.set(match[0], { name: match[0], type, context: `Mentioned at ${line.timestamp}` });
    }
  }
  return [...found.values()].slice(0, 6);
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten', 'eleven', 'twelve'];
const RESULT = /\b(?:motion|item|resolution|ordinance|calendar)\b.*\b(passes|passed|carries|carried|is approved|fails|failed)\b/i;
const COUNT = /\b(\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) to (\d+|zero|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/i;

const countOf = (word: string) => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word.toLowerCase()));

/**
 * What a careful model reports: one decision per sentence that states a result ("The motion
 * passes five to zero."), that sentence as evidence under its line's timestamp, a tally only
 * when a count is said, and nothing it would have to guess (item, mover, vote kind).
 */
function decisionsOf(lines: readonly Line[]): unknown[] {
  return lines.flatMap((line) =>
    (line.text.match(/[^.?!]+[.?!]?/g) ?? []).flatMap((raw) => {
      const sentence = raw.trim();
      const result = RESULT.exec(sentence);
      if (!result) return [];
      const count = COUNT.exec(sentence);
      return [
        {
          item: null,
          item_number: null,
          motion: null,
          outcome: /^fail/i.test(result[1]!) ? 'failed' : 'passed',
          tally: count ? { yes: countOf(count[1]!), no: countOf(count[2]!), abstain: null, absent: null } : null,
          vote_kind: null,
          unanimous: false,
          mover: null,
          seconder: null,
          evidence: [{ text: sentence, timestamp: line.timestamp }],
        },
      ];
    }),
  );
}

export function analysisAnswer(prompt: string): unknown {
  const lines = transcriptLines(prompt);
  const first = lines[0];
  const last = lines[lines.length - 1];
  if (!first || !last) return { summary: 'The transcript was empty.', highlights: [], action_items: [], entities: [], decisions: [] };
  const quotable = lines.filter((line) => words(line.text).length >= 8);
  const highlights = spread(quotable, 3).map((line) => ({
    timestamp: line.timestamp,
    point_of_interest: `Discussion at ${line.timestamp}: ${firstWords(line.text, 8)}`,
    quotes: [{ text: firstWords(line.text, QUOTE_WORDS), speaker: line.speaker ?? 'Unidentified speaker' }],
  }));
  const actions = lines
    .filter((line) => /\b(?:motion|move|moved|approve[ds]?|adopt(?:ed)?|refer(?:red)?|direct(?:ed)?)\b/i.test(line.text))
    .slice(0, 2)
    .map((line) => ({ description: firstWords(line.text, 15), responsible_party: line.speaker ?? 'Not specified', due_date: 'Not specified' }));
  return {
    summary: `The meeting from ${first.timestamp} to ${last.timestamp} opened with: ${firstSentence(first.text)}`,
    highlights,
    action_items: actions,
    entities: entitiesOf(lines),
    decisions: decisionsOf(lines),
  };
}

export function mergeAnswer(prompt: string): unknown {
  const parts = [...prompt.matchAll(/^PART \d+ \([^)]*\):\n(.+)$/gm)].map((match) => firstSentence(match[1]!));
  return { summary: `Summary of ${parts.length} parts of the meeting. ${parts.join(' ')}`.trim() };
}

interface StoryAnalysis {
  summary?: string;
  highlights?: Array<{ point_of_interest?: string; quotes?: Array<{ text: string; speaker: string }> }>;
  action_items?: Array<{ description: string }>;
}

function readAnalysis(prompt: string): StoryAnalysis {
  const lines = prompt.split('\n');
  const at = lines.indexOf(STORY_ANALYSIS_MARKER);
  try {
    return at >= 0 ? (JSON.parse(lines[at + 1] ?? '{}') as StoryAnalysis) : {};
  } catch {
    return {};
  }
}

function nextMeetingDate(prompt: string): string | null {
  const closing = prompt.split(STORY_CLOSING_MARKER)[1] ?? '';
  const match = /next meeting[^.]*?\b((?:January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}(?:, \d{4})?)/i.exec(closing);
  return match ? match[1]! : null;
}

/** The editor's context as the prompt gives it: a careless model copies it into the story, as this fake does. */
function editorContext(prompt: string): string {
  const match = /ADDITIONAL CONTEXT FROM THE EDITOR[^\n]*\n([^\n]+)/.exec(prompt);
  return match?.[1]?.trim() ?? '';
}

export function storyAnswer(prompt: string): unknown {
  const analysis = readAnalysis(prompt);
  const context = editorContext(prompt);
  const summary = analysis.summary?.trim() || 'The meeting was held.';
  const highlight = analysis.highlights?.find((h) => (h.quotes?.length ?? 0) > 0);
  const quote = highlight?.quotes?.[0];
  const paragraphs = [summary];
  if (quote) paragraphs.push(`${quote.speaker} said: “${quote.text}”`);
  const facts = (analysis.action_items ?? []).map((item) => item.description).slice(0, 4);
  return {
    article: { headline: `Meeting: ${firstWords(summary, 10)}`, body: paragraphs.join('\n\n'), primary_focus: firstWords(summary, 5) },
    sidebar_elements: {
      quote_block: quote ? { quote: quote.text, attribution: quote.speaker, context: highlight?.point_of_interest ?? '' } : null,
      quick_facts: facts.length > 0 ? facts : [summary],
      background: context ? `${summary} ${context.replace(/([^.!?])$/, '$1.')}` : summary,
    },
    metadata: {
      sources_used: ['Meeting transcript', 'Meeting analysis'],
      next_meeting_date: nextMeetingDate(prompt),
      follow_up_needed: facts.length > 0,
      uncertainty_notes: [],
    },
    notes: 'Written by the fake model.',
  };
}
