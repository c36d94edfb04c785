import type { AnalysisResults } from '../../domain/analysis.js';
import type { NewsStory } from '../../domain/news-story.js';
import { formatTimestamp, type TranscriptSegment } from '../../domain/transcript.js';
import { buildTranscriptIndex, matchQuote, normalizeForMatch, type TranscriptIndex } from '../../domain/quote-verification.js';
import { NOT_SPECIFIED } from './action-items.js';
import { localGenerator, referenceDate } from './analyze.js';
import { findMeetingDate } from './dates.js';
import { UNIDENTIFIED_SPEAKER, quoteText } from './highlights.js';
import { detectBody } from './meeting.js';
import { scoreSentences } from './scoring.js';
import { splitSentences, type Sentence } from './sentences.js';
import { background, findNextMeetingDate, hasDueDates, quickFacts } from './story-facts.js';
import * as parts from './story-parts.js';
import { countWords } from './text.js';

export interface WriteStoryInput {
  analysis: AnalysisResults;
  segments: readonly TranscriptSegment[];
  title?: string;
  description?: string;
  cityName?: string;
  /** When the video was published (ISO); the meeting day when the title names none. */
  publishedAt?: string;
  additionalContext?: string;
  now?: Date;
}

/** A passage the story may quote: verbatim transcript words with who said them and when. */
interface Moment {
  text: string;
  speaker: string;
  start_ms: number;
  context: string;
}

const MAX_MOMENTS = 4;

function isVerbatim(text: string, index: TranscriptIndex, stored: string | undefined): boolean {
  if (index.tokens.length === 0) return stored === 'verified';
  return matchQuote(text, index).status === 'verified';
}

/** Highlight quotes that are verbatim, then (for extractive summaries) the summary's own sentences. */
function collectMoments(analysis: AnalysisResults, sentences: readonly Sentence[], index: TranscriptIndex): Moment[] {
  const moments: Moment[] = [];
  for (const highlight of analysis.highlights) {
    const quote = highlight.quotes.find((q) => isVerbatim(q.text, index, q.verification_status));
    if (!quote) continue;
    const start = highlight.start_ms ?? matchQuote(quote.text, index).start_ms ?? 0;
    moments.push({ text: quote.text, speaker: quote.speaker, start_ms: start, context: highlight.point_of_interest });
  }
  if (analysis.generator?.kind !== 'openai') {
    const normalized = sentences.map((s) => normalizeForMatch(s.text));
    for (const line of analysis.summary.split(/(?<=[.!?])\s+(?=[A-Z"“])/)) {
      const key = normalizeForMatch(line);
      const sentence = key.length > 20 ? sentences[normalized.findIndex((text) => text.includes(key))] : undefined;
      if (!sentence) continue;
      moments.push({ text: quoteText(sentence.text), speaker: sentence.speaker ?? UNIDENTIFIED_SPEAKER, start_ms: sentence.start_ms, context: 'From the summary' });
    }
  }
  const seen = new Set<string>();
  return moments
    .filter((m) => !seen.has(normalizeForMatch(m.text)) && seen.add(normalizeForMatch(m.text)))
    .sort((a, b) => a.start_ms - b.start_ms);
}

/** The sidebar quote: a verbatim passage of quotable length, preferring a named speaker and substance. */
function pickQuote(moments: readonly Moment[], sentences: readonly Sentence[]): Moment | null {
  const rank = (m: Moment) => {
    const words = countWords(m.text);
    return (m.speaker !== UNIDENTIFIED_SPEAKER ? 2 : 0) + (words >= 10 && words <= 40 ? 2 : 0) + (/\b(?:vote|motion|approve|budget|\$|million|staff)\b/i.test(m.text) ? 1 : 0);
  };
  const best = [...moments].sort((a, b) => rank(b) - rank(a))[0];
  if (best) return best;
  const top = scoreSentences(sentences).filter((s) => s.words >= 8 && s.words <= 40).sort((a, b) => b.score - a.score)[0];
  return top ? { text: top.text, speaker: top.speaker ?? UNIDENTIFIED_SPEAKER, start_ms: top.start_ms, context: 'Said during the meeting' } : null;
}

function who(speaker: string): string {
  return speaker === UNIDENTIFIED_SPEAKER ? 'one speaker' : speaker;
}

function momentSentence(moment: Moment): string {
  const minutes = Math.round(moment.start_ms / 60_000);
  const when = minutes < 2 ? 'Early in the meeting' : `About ${minutes} minutes into the meeting`;
  return `${when}, ${who(moment.speaker)} said: “${moment.text}”`;
}

function actionsParagraph(analysis: AnalysisResults, decision: parts.Decision | null): string | null {
  const items = analysis.action_items
    .filter((item) => item.start_ms !== decision?.start_ms && !parts.overlapsDecision(item.description, decision))
    .slice(0, 3);
  if (items.length === 0) return null;
  const described = items.map((item) => {
    const due = item.due_date !== NOT_SPECIFIED && item.due_date.trim() ? `, due ${parts.describeDue(item.due_date)}` : '';
    return `${item.description.replace(/[.;]+$/, '')} (${item.responsible_party}${due})`;
  });
  return `Action items recorded at the meeting: ${described.join('; ')}.`;
}

/**
 * The offline story writer: a template news story built only from the analysis and the
 * transcript. Every quotation in it is copied verbatim from the transcript.
 */
export function writeStory(input: WriteStoryInput): NewsStory {
  const now = input.now ?? new Date();
  const { analysis } = input;
  const sentences = splitSentences(input.segments.filter((s) => s.text.trim() !== ''));
  const index = buildTranscriptIndex(input.segments);
  const body = detectBody(input.title, input.description, sentences);
  const meetingDay = findMeetingDate(input.title, input.description) ?? (input.publishedAt ? new Date(input.publishedAt) : null);
  const reference = referenceDate({ ...input, meetingDate: meetingDay ?? undefined });
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  const minutes = first && last ? Math.max(1, Math.round((last.end_ms - first.start_ms) / 60_000)) : null;

  const decision = parts.findDecision(sentences);
  const topics = parts.findTopics(sentences);
  const title = parts.bodyTitle(body, input.cityName);
  const nextMeeting = findNextMeetingDate(sentences, reference);
  const moments = collectMoments(analysis, sentences, index);
  const quote = pickQuote(moments, sentences);
  const others = moments.filter((m) => m !== quote).slice(0, MAX_MOMENTS);

  const paragraphs = [parts.lede(decision, topics, title, parts.whenPhrase(meetingDay, now), minutes)];
  if (analysis.generator?.kind === 'openai' && analysis.summary.trim()) paragraphs.push(analysis.summary.trim());
  const actions = actionsParagraph(analysis, decision);
  if (actions) paragraphs.push(actions);
  if (quote) paragraphs.push(`${quote.speaker === UNIDENTIFIED_SPEAKER ? 'One speaker' : quote.speaker} said: “${quote.text}”`);
  for (let i = 0; i < others.length; i += 2) paragraphs.push(others.slice(i, i + 2).map(momentSentence).join(' '));
  const closing = [nextMeeting ? `The next meeting is scheduled for ${parts.describeDue(nextMeeting)}.` : ''].filter(Boolean);
  if (closing.length > 0) paragraphs.push(closing.join(' '));
  const text = paragraphs.join('\n\n');

  const speakersKnown = input.segments.some((s) => s.speaker);
  return {
    article: {
      headline: parts.headline(decision, topics, parts.shortBody(body, input.cityName)),
      body: text,
      word_count: countWords(text),
      primary_focus: parts.primaryFocus(decision, topics),
    },
    sidebar_elements: {
      quote_block: quote
        ? { quote: quote.text, attribution: quote.speaker, context: `Said at ${formatTimestamp(quote.start_ms)} in the meeting video. ${quote.context}`.trim(), start_ms: quote.start_ms }
        : null,
      quick_facts: quickFacts({ analysis, decision, nextMeeting, minutes }),
      background: background({ bodyTitle: title, meetingDay, minutes, description: input.description, additionalContext: input.additionalContext }),
    },
    metadata: {
      sources_used: [
        'Meeting transcript',
        ...(input.title || input.description ? ['Video title and description'] : []),
        ...(input.additionalContext ? ['Additional context from the editor'] : []),
      ],
      next_meeting_date: nextMeeting,
      follow_up_needed: hasDueDates(analysis),
      uncertainty_notes: [
        'Generated offline by extractive analysis; speaker names come from captions and may be incomplete.',
        ...(speakersKnown ? [] : ['The transcript does not identify speakers, so quotes are attributed to "Unidentified speaker".']),
        'Automatic transcripts can mishear names and numbers; check quotes against the video at the given times.',
      ],
    },
    notes: `Template draft from the ${analysis.generator?.kind ?? 'stored'} analysis: ${analysis.highlights.length} highlights, ${analysis.action_items.length} action items. Quotations are verbatim transcript text; review before publishing.`,
    generator: localGenerator(now),
  };
}
