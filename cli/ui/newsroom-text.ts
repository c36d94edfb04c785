import { decisionStartMs, describeDecision, type Decision } from '../../core/domain/decisions.js';
import { parseStoredStory, type NewsStory } from '../../core/domain/news-story.js';
import { editableStory, splitParagraphs, type DraftRow, type NewsroomView, type Revision } from '../../core/domain/newsroom.js';
import { indent, QUOTE_MARKS } from './story-text.js';
import { formatClock, formatTable, outputWidth } from './table.js';
import { formatCount, formatUtcMinute } from '../../core/domain/format.js';

/** `civic story show` and what the other `civic story` commands print, as terminal text. */

const STATES: Record<NewsroomView['state'], string> = {
  none: 'no story yet',
  published: 'published',
  draft: 'a draft waits for review; readers see no story yet',
  published_with_draft: 'published; a newer draft waits for review',
};

/** Where a field's value starts: after "  Next meeting: ". */
const VALUE_COLUMN = 16;

/** "  Label:      value", the value wrapped to the terminal under its own first line. */
function field(label: string, value: string): string[] {
  return hanging(`  ${`${label}:`.padEnd(VALUE_COLUMN - 3)} `, value);
}

/**
 * `text` after `prefix`, wrapped to the terminal's width with its further lines under its first
 * (the shared wrapToWidth indents by two, which loses a field's column).
 */
function hanging(prefix: string, text: string): string[] {
  const lines = wrapWords(text, Math.max(20, outputWidth() - prefix.length));
  return lines.map((line, i) => `${i === 0 ? prefix : ' '.repeat(prefix.length)}${line}`.trimEnd());
}

function wrapWords(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  return [...lines, line];
}

export function describeStoryView(view: NewsroomView, decisions: readonly Decision[] | undefined): string {
  const { video, city } = view;
  const lines = [
    `${video.title ?? '(untitled)'} (video ${video.video_id})`,
    ...field('City', city ? `${city.name} (${city.location_key}), ${city.story_review ? 'stories wait for review' : 'stories published at once'}` : '—'),
    ...field('State', STATES[view.state]),
    ...field('Edited', view.edited_at ? formatUtcMinute(view.edited_at) : 'never by a person'),
    ...field('Reviewed', view.reviewed_at ? `${formatUtcMinute(view.reviewed_at)} by ${view.reviewed_by ?? 'a removed account'}` : 'not reviewed'),
    ...field('Updated', view.updated_at ? `${formatUtcMinute(view.updated_at)} (readers see "Updated")` : '—'),
    ...field('Version', view.version),
  ];
  if (view.published) lines.push(...describeEditorStory(view.published.story, `Published story (written ${formatUtcMinute(view.published.generated_at)})`));
  if (view.draft) lines.push(...describeEditorStory(view.draft.story, `Draft waiting for review (written ${formatUtcMinute(view.draft.generated_at)})`));
  lines.push(...describeNumberedDecisions(decisions), ...describeCorrections(view), ...describeRevisions(view.revisions), '', nextSteps(view));
  return lines.join('\n');
}

/** A story by the fields `civic story edit` changes, each under the name of its flag. */
function describeEditorStory(stored: string, heading: string): string[] {
  const parsed = parseStoredStory(stored);
  if (!parsed) return [];
  if (parsed.kind === 'text') return ['', `${heading}: plain text, not editable here`, indent(parsed.text.trim())];
  const fields = editableStory(parsed.story);
  const lines = ['', heading, ...field('Headline', fields.headline), ...field('Lede', fields.lede)];
  if (fields.body) lines.push('  Body:', ...splitParagraphs(fields.body).flatMap((paragraph, i) => [...(i > 0 ? [''] : []), ...hanging('    ', paragraph)]));
  lines.push(...field('Facts', fields.quick_facts.length === 0 ? 'none' : `${fields.quick_facts.length}`));
  for (const fact of fields.quick_facts) lines.push(...hanging('    - ', fact));
  lines.push(...field('Background', fields.background || 'none'), ...describeQuote(parsed.story));
  lines.push(...field('Next meeting', fields.next_meeting_date ?? 'not announced'), ...field('Follow-up', fields.follow_up_needed ? 'needed' : 'not needed'));
  return lines;
}

function describeQuote(story: NewsStory): string[] {
  const block = story.sidebar_elements.quote_block;
  if (!block) return field('Quote', 'none');
  const mark = block.verification_status ? QUOTE_MARKS[block.verification_status] : 'not checked';
  const at = block.start_ms === null || block.start_ms === undefined ? '' : ` at ${formatClock(block.start_ms)}`;
  const under = (text: string) => hanging(' '.repeat(VALUE_COLUMN), text);
  return [...field('Quote', `“${block.quote}” — ${block.attribution}`), ...under(`${mark}${at}`), ...(block.context ? under(block.context) : [])];
}

/** Numbered in stored order: the number `civic story decision <video> <n>` takes. */
function describeNumberedDecisions(decisions: readonly Decision[] | undefined): string[] {
  if (!decisions?.length) return [];
  const lines = ['', `Decisions (${decisions.length}), by the number civic story decision takes`];
  decisions.forEach((decision, i) => {
    const ms = decisionStartMs(decision);
    const kind = decision.vote_kind ? ` (${decision.vote_kind.replace(/_/g, ' ')})` : '';
    lines.push(...hanging(`  ${i + 1}. `, `${ms === null ? '' : `[${formatClock(ms)}] `}${describeDecision(decision, null)}${kind}`));
  });
  return lines;
}

function describeCorrections(view: NewsroomView): string[] {
  if (view.corrections.length === 0) return [];
  return ['', `Corrections (${view.corrections.length}), as readers see them`, ...view.corrections.map((one) => `  ${formatUtcMinute(one.at)}  ${one.note}`)];
}

const TARGETS: Record<Revision['target'], string> = { published: 'the published story', draft: 'the draft', decisions: 'the decisions' };

function describeRevisions(revisions: readonly Revision[]): string[] {
  if (revisions.length === 0) return ['', 'History: nothing edited, approved or corrected yet'];
  const lines = ['', `History (${revisions.length}), newest first`];
  for (const revision of revisions) lines.push(...hanging(`  ${formatUtcMinute(revision.created_at)}  `, describeRevision(revision)));
  return lines;
}

/** "admin@x edited the draft: headline, quote_block", "the writer wrote the published story", … */
function describeRevision(revision: Revision): string {
  const machine = revision.target === 'decisions' ? 'the analyzer' : 'the writer';
  const who = revision.author ?? (revision.action === 'generated' ? machine : 'a removed account');
  const changed = revision.changed.length > 0 ? `: ${changedFields(revision.changed)}` : '';
  const note = revision.correction_note ? ` (correction note: “${revision.correction_note}”)` : '';
  switch (revision.action) {
    case 'generated':
      return `${who} wrote ${TARGETS[revision.target]}`;
    case 'approved':
      return `${who} approved the draft and published it`;
    case 'corrected':
      return `${who} added a correction note to ${TARGETS[revision.target]}: “${revision.correction_note ?? ''}”`;
    case 'edited':
      return `${who} edited ${TARGETS[revision.target]}${changed}${note}`;
  }
}

/** "headline, quick_facts" and "decision 2: outcome, tally" (core names decisions from 0). */
export function changedFields(changed: readonly string[]): string {
  const parts: string[] = [];
  let decision: string | null = null;
  for (const name of changed) {
    const match = /^decisions\[(\d+)\]\.(.+)$/.exec(name);
    const label = match ? `decision ${Number(match[1]) + 1}` : null;
    if (match && label === decision) parts[parts.length - 1] += `, ${match[2]}`;
    else parts.push(match ? `${label}: ${match[2]}` : name);
    decision = label;
  }
  return parts.join(parts.some((part) => part.startsWith('decision ')) ? '; ' : ', ');
}

function nextSteps(view: NewsroomView): string {
  const id = view.video.video_id;
  if (view.state === 'none') return `civic story ${id} writes the story.`;
  const edit = `Change it with civic story edit ${id} (--help lists the fields).`;
  return view.draft ? `civic story approve ${id} publishes the draft;\n${edit}` : edit;
}

/** One line for the change just saved: the newest revision of the view. */
export function describeSaved(view: NewsroomView): string {
  const revision = view.revisions[0];
  const title = `"${view.video.title ?? view.video.video_id}" (${view.video.video_id})`;
  if (!revision) return `Nothing recorded for ${title}`;
  const by = revision.author ? ` as ${revision.author}` : '';
  const changed = revision.changed.length > 0 ? `: ${changedFields(revision.changed)}` : '';
  const note = revision.correction_note ? `, with the correction note "${revision.correction_note}"` : '';
  switch (revision.action) {
    case 'approved':
      return `Published the draft of ${title}${by}; readers see it now`;
    case 'corrected':
      return `Added a correction note to ${title}${by}: "${revision.correction_note ?? ''}"`;
    default: {
      const what = revision.target === 'draft' ? 'the draft' : revision.target === 'decisions' ? 'the decisions' : 'the published story';
      const seen = revision.target === 'draft' ? `; readers see it once approved (civic story approve ${view.video.video_id})` : '; readers see it now';
      return `Saved ${what} of ${title}${by}${changed}${note}${seen}`;
    }
  }
}

export function describeDrafts(drafts: readonly DraftRow[]): string {
  if (drafts.length === 0) return 'No drafts waiting for review';
  const table = formatTable(
    ['VIDEO', 'WRITTEN', 'CITY', 'TITLE'],
    drafts.map((draft) => [draft.video_id, formatUtcMinute(draft.draft_generated_at), draft.city ?? '—', draft.title ?? '(untitled)']),
    { cut: { 2: 'end', 3: 'end' } },
  );
  return `${formatCount(drafts.length, 'draft')} waiting for review, oldest first\n${table}\ncivic story show <VIDEO> reads one; civic story approve <VIDEO> publishes it.`;
}
