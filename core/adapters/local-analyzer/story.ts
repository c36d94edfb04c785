import type { AnalysisResults } from '../../domain/analysis.js';
import type { NewsStory } from '../../domain/news-story.js';
import { formatTimestamp, type TranscriptSegment } from '../../domain/transcript.js';
import { localGenerator, referenceDate } from './analyze.js';
import { findMeetingDate } from './dates.js';
import { UNIDENTIFIED_SPEAKER } from './highlights.js';
import { uncertaintyNotes } from './uncertainty.js';
import { buildMeetingModel } from './meeting-model.js';
import { NameTracker } from './speakers.js';
import { dissentParagraph, nextSteps, nutGraf, publicParagraph, rangeOf, supportParagraph, type BodyContext } from './story-body.js';
import { background, findNextMeetingDate, hasDueDates, quickFacts } from './story-facts.js';
import { fallbackParagraphs, verifiedQuotes } from './story-fallback.js';
import { headline, itemTopics, lede, primaryFocus } from './story-lede.js';
import { steeredMain } from './story-steer.js';
import { closing, generalComment, moreMoments, otherBusiness } from './story-more.js';
import { bodyTitle, findTopics, shortBody, whenPhrase } from './story-parts.js';
import { bestVoice } from './story-voices.js';
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
  /** False for a transcript without times: the story then states no times and no meeting length. */
  timed?: boolean;
}

interface PullQuote {
  quote: string;
  attribution: string;
  context: string;
  start_ms: number | null;
}

const AMOUNT = /\$\s?\d(?:[\d,]*\d)?(?:\.\d+)?(?:\s(?:million|billion))?/g;

/**
 * The offline story writer: a short news story built from the transcript (and, without one,
 * from the stored analysis). It leads with the weightiest decision, explains it in the words of
 * the staff who presented it, then gives the debate, the public's views, the dissent and what
 * happens next. Every quotation is verbatim transcript text; no sentence is quoted twice, and
 * the sidebar quote is one the body does not use.
 */
export function writeStory(input: WriteStoryInput): NewsStory {
  const now = input.now ?? new Date();
  const { analysis } = input;
  const model = buildMeetingModel(input.segments, input.title, input.description);
  const { sentences } = model;
  // "Lead with the water rates": the editor's context picks the decision the story leads with, when the meeting has it.
  const main = steeredMain(model.decisions, input.additionalContext) ?? model.main;
  const meetingDay = findMeetingDate(input.title, input.description) ?? (input.publishedAt ? new Date(input.publishedAt) : null);
  const reference = referenceDate({ ...input, meetingDate: meetingDay ?? undefined });
  const first = sentences[0];
  const last = sentences[sentences.length - 1];
  const timed = input.timed !== false;
  const minutes = timed && first && last ? Math.max(1, Math.round((last.end_ms - first.start_ms) / 60_000)) : null;
  const saidAt = (ms: number | null) => (timed && ms !== null ? `Said at ${formatTimestamp(ms)} in the meeting video` : 'Said in the meeting');
  // One topic once: an item read twice ("4C") is not two topics.
  const topics = main ? [] : [...new Map([...itemTopics(model.items), ...findTopics(sentences)].map((t) => [t.toLowerCase(), t])).values()].slice(0, 3);
  const title = bodyTitle(model.body, input.cityName);
  const nextMeeting = findNextMeetingDate(sentences, reference);
  const ctx: BodyContext = { model, names: new NameTracker(model.speakers), used: new Set(), reference, nextMeeting };
  const range = rangeOf(model, main);

  const paragraphs: Array<string | null> = [lede(main, topics, title, whenPhrase(meetingDay, now), minutes, analysis.decisions?.length ?? 0)];
  let pull: PullQuote | null;
  if (sentences.length === 0) {
    const stored = verifiedQuotes(analysis);
    const top = stored[0];
    pull = top ? { quote: top.text, attribution: top.speaker, context: `${saidAt(top.start_ms)}. ${top.context}`, start_ms: timed ? top.start_ms : null } : null;
    paragraphs.push(...fallbackParagraphs(analysis, stored.length > 1 ? stored.slice(1) : stored));
  } else {
    const openai = analysis.generator?.kind === 'openai' && analysis.summary.trim() !== '';
    paragraphs.push(openai ? analysis.summary.trim() : nutGraf(ctx, range));
    if (main) {
      const skip = new Set(model.decisions.flatMap((d) => (d.motionIndex === null ? [] : [d.motionIndex])));
      paragraphs.push(supportParagraph(ctx, main, range), dissentParagraph(ctx, main, range), publicParagraph(ctx, range, main.item?.hearing ?? false));
      paragraphs.push(nextSteps(ctx, main, range, skip));
    }
    paragraphs.push(...otherBusiness(ctx, main), generalComment(ctx), moreMoments(ctx), closing(ctx));
    // The pull quote: an opinion from the main item (a member or a resident), else any strong line.
    const fromMainItem = bestVoice(model, ctx.used, { from: range.from, to: range.to, roles: model.speakers.size > 0 ? ['official', 'public'] : ['unknown'] });
    const voice = fromMainItem ?? bestVoice(model, ctx.used, { from: 0, to: sentences.length });
    // "During <item>" only for a line said during it; a line from elsewhere is not placed.
    const item = fromMainItem && main?.item?.title ? `, during ${main.item.title.replace(/[.]$/, '')}` : '';
    pull = voice
      ? { quote: voice.text, attribution: voice.speaker ?? UNIDENTIFIED_SPEAKER, context: `${saidAt(voice.start_ms)}${item}.`, start_ms: timed ? voice.start_ms : null }
      : null;
  }
  const text = paragraphs.filter((p): p is string => p !== null && p.trim() !== '').join('\n\n');
  const amounts = main ? [...new Set(sentences.slice(range.from, range.to).flatMap((s) => s.text.match(AMOUNT) ?? []))] : undefined;

  const speakersKnown = input.segments.some((s) => s.speaker);
  return {
    article: {
      headline: headline(main, shortBody(model.body, input.cityName), whenPhrase(meetingDay, now).replace(/^on\s+/, '')),
      body: text,
      word_count: countWords(text),
      primary_focus: primaryFocus(main, topics),
    },
    sidebar_elements: {
      quote_block: pull,
      quick_facts: quickFacts({ analysis, decision: main, nextMeeting, minutes, amounts, timed }),
      background: background({ bodyTitle: title, meetingDay, minutes, description: input.description }),
    },
    metadata: {
      sources_used: [
        'Meeting transcript',
        ...(input.title || input.description ? ['Video title and description'] : []),
        ...(input.additionalContext ? ['Additional context from the editor'] : []),
      ],
      next_meeting_date: nextMeeting,
      follow_up_needed: hasDueDates(analysis),
      uncertainty_notes: uncertaintyNotes({ model, timed, speakersKnown }),
    },
    notes: `Template draft from the ${analysis.generator?.kind ?? 'stored'} analysis: ${analysis.highlights.length} highlights, ${analysis.action_items.length} action items. Quotations are verbatim transcript text; review before publishing.`,
    generator: localGenerator(now),
  };
}
