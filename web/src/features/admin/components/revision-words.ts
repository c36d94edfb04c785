import type { Revision } from '@domain/newsroom.js';

/** The history's words for a revision; field names as the editor's labels say them. */
const ACTIONS: Record<Exclude<Revision['action'], 'generated' | 'approved'>, string> = {
  edited: 'Edited',
  corrected: 'Correction note added',
};

const TARGETS: Record<Revision['target'], string> = {
  published: 'published story',
  draft: 'draft',
  decisions: 'decisions',
};

const FIELDS: Record<string, string> = {
  headline: 'headline',
  lede: 'lede',
  body: 'body',
  quick_facts: 'Quick Facts',
  background: 'Background',
  quote_block: 'quote',
  next_meeting_date: 'next meeting',
  follow_up_needed: 'follow-up',
  item: 'item',
  item_number: 'item number',
  outcome: 'outcome',
  tally: 'tally',
  vote_kind: 'vote kind',
};

/** "Edited the published story", "Approved and published the draft". */
export function revisionTitle(revision: Revision): string {
  if (revision.action === 'approved') return 'Approved and published the draft';
  // The machine's version, kept when a person first changed it.
  if (revision.action === 'generated') return `First version: ${TARGETS[revision.target]}`;
  return `${ACTIONS[revision.action]}: ${TARGETS[revision.target]}`;
}

/** "headline, Quick Facts" or "decision 2: outcome, tally" (stored as decisions[1].outcome). */
export function changedFieldsText(changed: readonly string[]): string {
  return changed
    .map((field) => {
      const decision = /^decisions\[(\d+)\]\.(\w+)$/.exec(field);
      if (decision) return `decision ${Number(decision[1]) + 1} ${FIELDS[decision[2] ?? ''] ?? decision[2]}`;
      return FIELDS[field] ?? field;
    })
    .join(', ');
}

/** Who: the machine (the model or the offline analyzer) has no author; nor has an account since deleted. */
export function revisionAuthor(revision: Revision): string {
  if (revision.author) return revision.author;
  return revision.action === 'generated' ? 'written by the machine' : 'a former account';
}
