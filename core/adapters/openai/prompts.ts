import type { AnalysisResults } from '../../domain/analysis.js';
import type { AnalyzeInput, StoryInput } from '../../ports/language-model.js';
import { formatClock, UNIDENTIFIED_SPEAKER, type Chunk } from './chunking.js';

export interface PromptMessages {
  system: string;
  user: string;
}

export const ANALYSIS_SYSTEM_PROMPT = `You analyze transcripts of local-government meetings (city councils, county boards, school boards, committees) for a civic news site whose readers rely on it being accurate.

The transcript comes as lines "[H:MM:SS] Speaker: words". The speaker is missing when the recording does not say who spoke.

Return:
- summary: 3 to 6 plain sentences on what the body discussed and decided, with votes and amounts where stated. Neutral, no opinions.
- highlights: the moments a resident would most want to see, in meeting order. For each:
  - timestamp: copy the timestamp of the line where the moment starts, exactly as shown. Never invent or compute a timestamp.
  - point_of_interest: one sentence on why the moment matters.
  - quotes: 1 or 2 quotes, each copied VERBATIM from a single line of the transcript: the same words in the same order, no paraphrase, no corrections, no words added, at most about 40 words. speaker: the name shown on that line, or "${UNIDENTIFIED_SPEAKER}" when there is none. If you cannot quote exactly, leave quotes empty.
- action_items: motions passed, directions to staff, commitments and follow-ups. description: what will be done. responsible_party: who will do it, or "Not specified" when not said. due_date: the date or deadline as stated, or "Not specified" when not said.
- entities: people, organizations, places, dates and amounts of money that matter to the meeting. type is one of person, organization, place, date, money, other. context: a short phrase on their role in the meeting.
- decisions: one per result this body reached and stated in this meeting (a vote taken, a motion carried or lost, an item approved, postponed, referred, withdrawn or amended), in meeting order, each once. Never a plan, a statistic, a hypothetical ("if we approve this…"), another body's vote or an earlier meeting's. Precision before recall: when unsure whether something was decided, leave it out; when unsure of a detail, say less (outcome "unclear", null fields). For each:
  - item: the matter in plain words ("the minutes of May 11", "rezoning of 410 Main Street"), or null when the meeting does not tie the vote to one.
  - item_number: the number as said ("Item 7A", "Resolution 31669"), or null.
  - motion: the motion as moved, in the mover's words, or null when no motion was heard.
  - outcome: passed, failed, postponed, referred, withdrawn, amended, other (a result none of these names), or unclear (a vote whose result is not stated clearly).
  - tally: only when a count was said: yes and no; abstain and absent only when said, else null. null when no count was said.
  - vote_kind: roll_call, voice or unanimous_consent, or null when not clear. unanimous: true only when the result was said to be unanimous.
  - mover, seconder: the name as said, or null when not said.
  - evidence: the 1 or 2 sentences where the result is stated, each copied VERBATIM like quotes, with timestamp: the timestamp of the line the sentence is on, copied exactly as shown.

Use only what is in the transcript. If something is unclear, leave it out rather than guess.`;

const CHUNK_NOTE = `This is one part of a longer meeting; other parts are analyzed separately. Analyze only this part, and write the summary about this part only.`;

export const MERGE_SYSTEM_PROMPT = `You combine summaries of consecutive parts of one local-government meeting into a single summary of the whole meeting for a civic news site.

Write 4 to 8 plain, neutral sentences covering the main discussions, decisions, votes and amounts, in meeting order. Use only facts in the part summaries; do not add anything. Return it as "summary".`;

export const STORY_SYSTEM_PROMPT = `You are a reporter for a neutral local news site. Write a news story about a local-government meeting from the analysis you are given.

Rules:
- Neutral and factual: no opinions, no speculation, no loaded words. Attribute claims to speakers.
- Quote only text that appears verbatim in the analysis quotes (the "quotes" of the highlights), copied exactly, attributed to that quote's speaker. Never make up or polish a quote; describe in your own words without quotation marks instead.
- article.headline: specific and under 15 words. article.body: 4 to 8 short paragraphs separated by blank lines, the most important decision first. article.primary_focus: the main subject in a few words.
- Decisions: report only those in the analysis "decisions" list, with their outcome and tally exactly as given; one whose item is null is "a vote" without naming what it was on. The headline names the most consequential decision's subject in plain words; when the list is empty, the headline is "What the <body> decided on <day>" and the story says no decision was recorded.
- sidebar_elements.quote_block: the most telling verbatim quote from the analysis (quote, attribution, context), or null when there is none. quick_facts: 3 to 6 short facts. background: one paragraph of context from the analysis.
- metadata.sources_used: what you relied on (for example "Meeting transcript", "Meeting analysis"). next_meeting_date: the next meeting's date if the material states it (YYYY-MM-DD when the full date is known, otherwise as stated), else null. follow_up_needed: true when decisions are pending or facts need checking. uncertainty_notes: anything unclear in the material.
- notes: a short note for the editor (may be empty).`;

function describeMeeting(title?: string | null, description?: string | null): string {
  const lines = [];
  if (title?.trim()) lines.push(`Meeting title: ${title.trim()}`);
  if (description?.trim()) lines.push(`Video description: ${description.trim().slice(0, 1500)}`);
  return lines.join('\n');
}

/** The user message for one chunk, or for the whole transcript when `total` is 1. */
export function analysisMessages(chunk: Chunk, total: number, meeting: Pick<AnalyzeInput, 'title' | 'description' | 'publishedAt'>): PromptMessages {
  const header = [describeMeeting(meeting.title, meeting.description)];
  if (meeting.publishedAt?.trim()) header.push(`Video published: ${meeting.publishedAt.trim()} (for resolving relative dates such as "next Tuesday")`);
  if (total > 1) {
    header.push(`${CHUNK_NOTE}\nPart ${chunk.index + 1} of ${total}, from ${formatClock(chunk.start_ms)} to ${formatClock(chunk.end_ms)}.`);
  }
  const user = [...header.filter(Boolean), 'TRANSCRIPT:', chunk.text].join('\n\n');
  return { system: ANALYSIS_SYSTEM_PROMPT, user };
}

export interface PartSummary {
  start_ms: number;
  end_ms: number;
  summary: string;
}

export function mergeMessages(parts: readonly PartSummary[], meeting: { title?: string | null }): PromptMessages {
  const sections = parts.map((part, i) => `PART ${i + 1} (${formatClock(part.start_ms)} to ${formatClock(part.end_ms)}):\n${part.summary}`);
  const user = [describeMeeting(meeting.title), ...sections].filter(Boolean).join('\n\n');
  return { system: MERGE_SYSTEM_PROMPT, user };
}

/** Marks the line holding the analysis JSON, which is written on a single line. */
export const STORY_ANALYSIS_MARKER = 'ANALYSIS (JSON):';
export const STORY_CLOSING_MARKER = 'CLOSING REMARKS OF THE MEETING (for the next meeting date only; do not quote):';

/**
 * The analysis without what the writer must not use: verification flags and offsets. Only
 * quotes verified against the transcript are offered when verification has run.
 */
function analysisForStory(analysis: AnalysisResults): unknown {
  return {
    summary: analysis.summary,
    highlights: analysis.highlights.map((h) => ({
      timestamp: h.timestamp,
      point_of_interest: h.point_of_interest,
      quotes: h.quotes.filter((q) => q.verification_status !== 'unverified' && q.verification_status !== 'paraphrased').map((q) => ({ text: q.text, speaker: q.speaker })),
    })),
    action_items: analysis.action_items.map(({ description, responsible_party, due_date }) => ({ description, responsible_party, due_date })),
    entities: analysis.entities,
    // The verified decisions record: the story leads with these and never reports a vote that is not in it.
    decisions: (analysis.decisions ?? []).map(({ item, item_number, motion, outcome, tally, vote_kind, unanimous, mover, seconder }) => ({
      item, item_number, motion, outcome, tally, vote_kind, unanimous: unanimous ?? false, mover, seconder,
    })),
  };
}

export function storyMessages(input: StoryInput, closingRemarks: string): PromptMessages {
  const facts = [
    input.cityName?.trim() ? `City: ${input.cityName.trim()}` : '',
    describeMeeting(input.title, input.description),
    input.publishedAt?.trim() ? `Video published: ${input.publishedAt.trim()}` : '',
  ].filter(Boolean);
  const parts = [
    facts.join('\n'),
    input.additionalContext?.trim()
      ? `ADDITIONAL CONTEXT FROM THE EDITOR (it steers the lead, the angle and the spelling of names; never copy its words into the story):\n${input.additionalContext.trim()}`
      : '',
    `${STORY_ANALYSIS_MARKER}\n${JSON.stringify(analysisForStory(input.analysis))}`,
    closingRemarks ? `${STORY_CLOSING_MARKER}\n${closingRemarks}` : '',
  ];
  return { system: STORY_SYSTEM_PROMPT, user: parts.filter(Boolean).join('\n\n') };
}
