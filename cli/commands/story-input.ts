import { partial } from 'zod/mini';
import { AppError } from '../../core/index.js';
import type { Decision, DecisionOutcome, Tally, VoteKind } from '../../core/domain/decisions.js';
import { storyEditSchema, type DecisionEdit, type StoryEdit } from '../../core/domain/newsroom.js';

/**
 * `civic story edit` and `civic story decision` flags turned into the newsroom's edit bodies.
 * An edit is the whole form (core refuses a partial one), so what the operator did not name is
 * taken from the current story or decision: a flag changes one field and nothing else.
 */

export type EditableFields = Omit<StoryEdit, 'version' | 'correction_note'>;

/** The flags of `civic story edit`, as commander names them; `body` is --body or the --body-file's text. */
export interface StoryEditFlags {
  headline?: string;
  lede?: string;
  body?: string;
  fact?: string[];
  background?: string;
  /** The quote's words; false for --no-quote. */
  quote?: string | false;
  attribution?: string;
  quoteContext?: string;
  nextMeeting?: string;
  followUp?: boolean;
  correctionNote?: string;
}

/** What a `--from` file may hold: any of the editable fields, the version it was read at, a correction note. */
export const storyEditFileSchema = partial(storyEditSchema);
export type StoryEditFile = ReturnType<typeof storyEditFileSchema.parse>;

/** Reads a `--from` file's JSON, naming the file and the first bad field. */
export function parseStoryEditFile(text: string, file: string): StoryEditFile {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new AppError('BAD_INPUT', `${file} is not JSON: give the fields civic story show <video> --editable prints`);
  }
  const parsed = storyEditFileSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? `${issue.path.join('.')}: ` : '';
  throw new AppError('BAD_INPUT', `${file}: ${where}${issue?.message ?? 'not an edit'}`);
}

/** The story as it should be saved: the current fields, then the file's, then the flags'. */
export function buildStoryEdit(current: EditableFields, flags: StoryEditFlags, file: StoryEditFile = {}): Omit<StoryEdit, 'version'> {
  const { version: _version, correction_note: fileNote, ...fromFile } = file;
  const fields: EditableFields = { ...current, ...fromFile };
  if (flags.headline !== undefined) fields.headline = flags.headline;
  if (flags.lede !== undefined) fields.lede = flags.lede;
  if (flags.body !== undefined) fields.body = flags.body;
  if (flags.fact !== undefined) fields.quick_facts = flags.fact;
  if (flags.background !== undefined) fields.background = flags.background;
  if (flags.nextMeeting !== undefined) fields.next_meeting_date = flags.nextMeeting.trim() || null;
  if (flags.followUp !== undefined) fields.follow_up_needed = flags.followUp;
  fields.quote_block = quoteBlockOf(fields.quote_block, flags);
  const note = flags.correctionNote ?? fileNote;
  return { ...fields, ...(note ? { correction_note: note } : {}) };
}

function quoteBlockOf(block: EditableFields['quote_block'], flags: StoryEditFlags): EditableFields['quote_block'] {
  if (flags.quote === false) return null;
  // A new quote gets its own speaker and context: the old ones belonged to other words.
  if (flags.quote !== undefined) return { quote: flags.quote, attribution: flags.attribution ?? '', context: flags.quoteContext ?? '' };
  if (flags.attribution === undefined && flags.quoteContext === undefined) return block;
  if (!block) throw new AppError('BAD_INPUT', 'The story has no quote to change: add one with --quote <words> --attribution <name>');
  return { ...block, ...(flags.attribution === undefined ? {} : { attribution: flags.attribution }), ...(flags.quoteContext === undefined ? {} : { context: flags.quoteContext }) };
}

/** A usage problem with `civic story edit`'s flags (before anything is opened), or null. */
export function storyEditUsageProblem(flags: StoryEditFlags & { bodyFile?: string; from?: string }): string | null {
  if (flags.body !== undefined && flags.bodyFile !== undefined) return 'give --body or --body-file, not both';
  if (typeof flags.quote === 'string' && flags.attribution === undefined) return '--quote needs --attribution <name>: who said it';
  if (flags.quote === false && (flags.attribution !== undefined || flags.quoteContext !== undefined)) return '--no-quote removes the quote: it takes no --attribution or --quote-context';
  const fields = [flags.headline, flags.lede, flags.body, flags.bodyFile, flags.fact, flags.background, flags.quote, flags.attribution, flags.quoteContext];
  const given = [...fields, flags.nextMeeting, flags.followUp, flags.correctionNote, flags.from].some((value) => value !== undefined);
  if (!given) return 'nothing to change: give a field (--headline, --lede, --body, --fact, --quote …), --from <file> or --correction-note';
  return null;
}

/** The flags of `civic story decision` (commander has already read the words and the count). */
export interface DecisionEditFlags {
  outcome?: DecisionOutcome;
  /** null: --tally none. */
  tally?: Tally | null;
  item?: string;
  itemNumber?: string;
  /** null: --vote-kind none. */
  voteKind?: VoteKind | null;
  correctionNote?: string;
}

/** The decision at `index` as it should be saved: its current fields with the flags over them ('' clears item and number). */
export function buildDecisionEdit(decision: Decision, index: number, flags: DecisionEditFlags): Omit<DecisionEdit, 'version'> {
  return {
    index,
    item: flags.item === undefined ? decision.item : flags.item.trim() || null,
    item_number: flags.itemNumber === undefined ? decision.item_number : flags.itemNumber.trim() || null,
    outcome: flags.outcome ?? decision.outcome,
    tally: flags.tally === undefined ? decision.tally : flags.tally,
    vote_kind: flags.voteKind === undefined ? decision.vote_kind : flags.voteKind,
    ...(flags.correctionNote ? { correction_note: flags.correctionNote } : {}),
  };
}

/** A usage problem with `civic story decision`'s flags, or null. */
export function decisionEditUsageProblem(flags: DecisionEditFlags): string | null {
  const given = [flags.outcome, flags.tally, flags.item, flags.itemNumber, flags.voteKind, flags.correctionNote].some((value) => value !== undefined);
  return given ? null : 'nothing to change: give --outcome, --tally, --item, --item-number, --vote-kind or --correction-note';
}
