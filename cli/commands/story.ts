import fs from 'node:fs/promises';
import { AppError, type Core } from '../../core/index.js';
import { analysisResultsSchema } from '../../core/domain/analysis.js';
import type { Decision } from '../../core/domain/decisions.js';
import { parseStoredStory, type NewsStory } from '../../core/domain/news-story.js';
import { editableStory, NO_DECISIONS, NO_STORY_TO_EDIT, PLAIN_TEXT_STORY, type DraftRow, type NewsroomView } from '../../core/domain/newsroom.js';
import { namedInCliWords } from '../named-errors.js';
import {
  buildDecisionEdit,
  buildStoryEdit,
  parseStoryEditFile,
  type DecisionEditFlags,
  type EditableFields,
  type StoryEditFlags,
} from './story-input.js';

/**
 * `civic story show|edit|approve|decision|correct|drafts`: the newsroom of issue 24 from a
 * terminal, through the same core service as the site's editor, so an edit here keeps the same
 * revisions, version check and quote verification.
 */

/** Who the change is recorded as: --as, else CIVIC_EDITOR. */
export interface EditorFlags {
  as?: string;
}

export interface Editor {
  id: string;
  email: string;
}

/**
 * The admin account an edit is made as. A terminal has no session, so the operator names the
 * account; the story's history then shows it, as it shows the site's editors.
 */
export async function resolveEditor(core: Core, flags: EditorFlags): Promise<Editor> {
  const email = flags.as ?? core.config.editor;
  if (!email) throw new AppError('BAD_INPUT', "Say who is editing: --as <admin email>, or set CIVIC_EDITOR (the story's history records it)");
  const user = await core.users.findUser(email);
  if (!user) throw new AppError('NOT_FOUND', `No account "${email.trim()}" (civic user add --email <email> --admin creates an editor)`);
  if (!user.roles.includes('admin')) throw new AppError('FORBIDDEN', `${user.email} is not an admin (civic user add --email ${user.email} --admin grants the role)`);
  return { id: user.id, email: user.email };
}

export interface StoryShowResult {
  view: NewsroomView;
  /** The stored decisions, in the order `civic story decision <n>` numbers them; undefined when not recorded. */
  decisions: Decision[] | undefined;
}

export async function showStory(core: Core, target: string): Promise<StoryShowResult> {
  const video = await namedInCliWords(core.videos.resolveVideo(target));
  const parsed = analysisResultsSchema.safeParse(video.analysis_results);
  return { view: await core.newsroom.show(video.id), decisions: parsed.success ? parsed.data.decisions : undefined };
}

/** `--editable`: the fields `civic story edit --from` reads, of the story an edit would change, with its version. */
export function editableOf(view: NewsroomView): EditableFields & { version: string } {
  return { version: view.version, ...editableStory(storyToEdit(view)) };
}

/** The draft while one waits (that is what an edit changes), otherwise the published story. */
function storyToEdit(view: NewsroomView): NewsStory {
  const parsed = parseStoredStory(view.draft?.story ?? view.published?.story);
  if (!parsed) throw new AppError('NOT_FOUND', `${NO_STORY_TO_EDIT} (civic story ${view.video.video_id} writes one)`);
  if (parsed.kind !== 'json') throw new AppError('BAD_INPUT', PLAIN_TEXT_STORY);
  return parsed.story;
}

export interface StoryEditOptions extends EditorFlags, StoryEditFlags {
  bodyFile?: string;
  from?: string;
}

/**
 * `civic story edit`: the fields named change, the rest stay as they are. The version read here
 * (or the one in the --from file) goes with the save, so a story changed meanwhile is refused.
 */
export async function editStory(core: Core, target: string, options: StoryEditOptions): Promise<NewsroomView> {
  const file = options.from === undefined ? undefined : parseStoryEditFile(await readInput(options.from, '--from'), options.from);
  const body = options.bodyFile === undefined ? options.body : await readInput(options.bodyFile, '--body-file');
  const editor = await resolveEditor(core, options);
  const view = (await showStory(core, target)).view;
  const edit = buildStoryEdit(editableStory(storyToEdit(view)), { ...options, ...(body === undefined ? {} : { body }) }, file);
  return core.newsroom.editStory(view.video.id, editor.id, { ...edit, version: file?.version ?? view.version });
}

/** A file's text, or stdin's for "-"; an unreadable one is the operator's to fix (exit 2). */
async function readInput(file: string, flag: string): Promise<string> {
  try {
    return file === '-' ? await readStdin() : await fs.readFile(file, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new AppError('BAD_INPUT', `Cannot read ${flag} ${file}: ${code}`, { cause: error });
  }
}

async function readStdin(): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : (chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
}

/** `civic story approve`: the draft becomes what readers see, reviewed by the editor. */
export async function approveStory(core: Core, target: string, options: EditorFlags): Promise<NewsroomView> {
  const editor = await resolveEditor(core, options);
  const { view } = await showStory(core, target);
  return core.newsroom.approve(view.video.id, editor.id, view.version);
}

/** `civic story decision <video> <n>`: n counts from 1, as `civic story show` lists them; core counts from 0. */
export async function editDecision(core: Core, target: string, n: number, options: EditorFlags & DecisionEditFlags): Promise<NewsroomView> {
  const editor = await resolveEditor(core, options);
  const { view, decisions } = await showStory(core, target);
  if (!decisions?.length) throw new AppError('NOT_FOUND', NO_DECISIONS);
  const decision = decisions[n - 1];
  if (!decision) throw new AppError('BAD_INPUT', `There is no decision ${n}; the meeting has ${decisions.length} (civic story show ${view.video.video_id} numbers them)`);
  return core.newsroom.editDecision(view.video.id, editor.id, { ...buildDecisionEdit(decision, n - 1, options), version: view.version });
}

/** `civic story correct`: a correction note on what readers have seen, changing nothing else. */
export async function correctStory(core: Core, target: string, options: EditorFlags & { note: string }): Promise<NewsroomView> {
  const editor = await resolveEditor(core, options);
  const { view } = await showStory(core, target);
  return core.newsroom.correct(view.video.id, editor.id, { note: options.note });
}

/** `civic story drafts`: every draft waiting for review, oldest first. */
export function listDrafts(core: Core): Promise<DraftRow[]> {
  return core.newsroom.drafts();
}
