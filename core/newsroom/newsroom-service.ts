import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import { findCityById } from '../db/repositories/cities.js';
import type { Executor } from '../db/repositories/executor.js';
import { insertRevision, listDrafts, listRevisions, publicRecordOf } from '../db/repositories/story-revisions.js';
import type { CityVideo, DB } from '../db/schema.js';
import { analysisResultsSchema, type AnalysisResults } from '../domain/analysis.js';
import { parseStoredStory, type NewsStory } from '../domain/news-story.js';
import {
  applyDecisionEdit,
  applyStoryEdit,
  changedDecisionFields,
  changedStoryFields,
  correctionSchema,
  decisionEditSchema,
  newQuotedPassages,
  NO_DECISIONS,
  NO_DRAFT,
  NO_STORY_TO_EDIT,
  NOTE_NEEDS_PUBLISHED,
  NOTHING_CHANGED,
  PLAIN_TEXT_STORY,
  STORY_CHANGED,
  storyEditSchema,
  type DraftRow,
  type NewsroomView,
  type StoryRecord,
  type StoryState,
} from '../domain/newsroom.js';
import { buildTranscriptIndex, matchQuote, verifyStory, type TranscriptIndex } from '../domain/quote-verification.js';
import { AppError } from '../errors.js';
import { loadSegmentsForVideo } from '../pipeline/segments.js';
import { resolveVideo } from '../videos/resolve-video.js';

/**
 * The newsroom (issue 24): editors read, edit, approve and correct a meeting's story and its
 * decisions; every change keeps a revision (who, when, what changed, the text saved). The API,
 * `civic story` and the web editor all go through this service.
 */
export function createNewsroomService(db: Kysely<DB>, now: () => Date = () => new Date()) {
  async function show(ref: string): Promise<NewsroomView> {
    return viewOf(db, await resolveVideo(db, ref));
  }

  /** Saves an edit to the draft when one waits, otherwise to the published story. */
  async function editStory(ref: string, userId: string, body: unknown): Promise<NewsroomView> {
    const edit = parseBody(storyEditSchema, body);
    const video = await resolveVideo(db, ref);
    const segments = await loadSegmentsForVideo(db, video);
    const index = buildTranscriptIndex(segments);
    return db.transaction().execute(async (trx) => {
      const current = await lockVideo(trx, video.id, edit.version);
      const target = current.draft_story !== null ? 'draft' : 'published';
      const stored = target === 'draft' ? current.draft_story : current.news_story;
      const parsed = parseStoredStory(stored);
      if (!parsed) throw new AppError('NOT_FOUND', NO_STORY_TO_EDIT);
      if (parsed.kind !== 'json') throw new AppError('BAD_INPUT', PLAIN_TEXT_STORY);
      const note = edit.correction_note || null;
      if (note && target === 'draft') throw new AppError('BAD_INPUT', NOTE_NEEDS_PUBLISHED);

      const before = parsed.story;
      const after = verifyEditedStory(before, applyStoryEdit(before, edit), index);
      const changed = changedStoryFields(before, after);
      if (changed.length === 0 && !note) throw new AppError('BAD_INPUT', NOTHING_CHANGED);
      const at = now();
      if (!current.story_edited_at) await keepMachineVersion(trx, current, target, stored ?? '');
      const text = JSON.stringify(after);
      await trx
        .updateTable('city_videos')
        .set({
          ...(target === 'draft' ? { draft_story: text } : { news_story: text, story_reviewed_at: at, story_reviewed_by: userId }),
          story_edited_at: at,
          updated_at: at,
        })
        .where('id', '=', current.id)
        .execute();
      await insertRevision(trx, { city_video_id: current.id, author_id: userId, action: 'edited', target, changed, story: text, correction_note: note, created_at: at });
      return viewOf(trx, await reload(trx, current.id));
    });
  }

  /** Publishes the draft: the public sees it from now on, marked reviewed by this editor. */
  async function approve(ref: string, userId: string, version?: string): Promise<NewsroomView> {
    const video = await resolveVideo(db, ref);
    return db.transaction().execute(async (trx) => {
      const current = await lockVideo(trx, video.id, version);
      if (current.draft_story === null) throw new AppError('BAD_INPUT', NO_DRAFT);
      const at = now();
      await trx
        .updateTable('city_videos')
        .set({
          news_story: current.draft_story,
          story_generated_at: current.draft_generated_at ?? at,
          draft_story: null,
          draft_generated_at: null,
          story_reviewed_at: at,
          story_reviewed_by: userId,
          updated_at: at,
        })
        .where('id', '=', current.id)
        .execute();
      await insertRevision(trx, { city_video_id: current.id, author_id: userId, action: 'approved', target: 'published', changed: [], story: current.draft_story, created_at: at });
      return viewOf(trx, await reload(trx, current.id));
    });
  }

  /** Changes one decision's item, number, outcome, tally or vote kind; the evidence stays as heard. */
  async function editDecision(ref: string, userId: string, body: unknown): Promise<NewsroomView> {
    const edit = parseBody(decisionEditSchema, body);
    const video = await resolveVideo(db, ref);
    return db.transaction().execute(async (trx) => {
      const current = await lockVideo(trx, video.id, edit.version);
      const analysis = analysisOf(current);
      const decisions = analysis?.decisions ?? [];
      const decision = decisions[edit.index];
      if (!analysis || decisions.length === 0) throw new AppError('NOT_FOUND', NO_DECISIONS);
      if (!decision) throw new AppError('BAD_INPUT', `There is no decision ${edit.index + 1}; the meeting has ${decisions.length}.`);
      const edited = applyDecisionEdit(decision, edit);
      const changed = changedDecisionFields(edit.index, decision, edited);
      const note = edit.correction_note || null;
      if (changed.length === 0 && !note) throw new AppError('BAD_INPUT', NOTHING_CHANGED);
      const at = now();
      const hadEdits = await trx
        .selectFrom('story_revisions')
        .select('id')
        .where('city_video_id', '=', current.id)
        .where('target', '=', 'decisions')
        .executeTakeFirst();
      if (!hadEdits) {
        const generatedAt = analysis.generator?.generated_at ? new Date(analysis.generator.generated_at) : current.created_at;
        await insertRevision(trx, { city_video_id: current.id, author_id: null, action: 'generated', target: 'decisions', changed: [], decisions, created_at: generatedAt });
      }
      const next = decisions.map((one, i) => (i === edit.index ? edited : one));
      const saved: AnalysisResults = { ...analysis, decisions: next };
      await trx.updateTable('city_videos').set({ analysis_results: JSON.stringify(saved), updated_at: at }).where('id', '=', current.id).execute();
      await insertRevision(trx, { city_video_id: current.id, author_id: userId, action: 'edited', target: 'decisions', changed, decisions: next, correction_note: note, created_at: at });
      return viewOf(trx, await reload(trx, current.id));
    });
  }

  /** A correction note on what readers have seen, with no other change (e.g. resolving a report). */
  async function correct(ref: string, userId: string, body: unknown): Promise<NewsroomView> {
    const { note } = parseBody(correctionSchema, body);
    const video = await resolveVideo(db, ref);
    if (!video.news_story && !analysisOf(video)?.decisions?.length) throw new AppError('BAD_INPUT', NOTE_NEEDS_PUBLISHED);
    const target = video.news_story ? 'published' : 'decisions';
    await insertRevision(db, { city_video_id: video.id, author_id: userId, action: 'corrected', target, changed: [], correction_note: note, created_at: now() });
    return viewOf(db, await reload(db, video.id));
  }

  /** What visitors are told: "Updated", reviewed, in review, and the correction notes. */
  async function publicRecord(video: Pick<CityVideo, 'id' | 'news_story' | 'draft_story' | 'story_reviewed_at'>): Promise<StoryRecord> {
    const record = await publicRecordOf(db, video.id);
    return {
      updated_at: record.updated_at?.toISOString() ?? null,
      reviewed_at: video.news_story ? (video.story_reviewed_at?.toISOString() ?? null) : null,
      in_review: video.draft_story !== null,
      corrections: record.corrections.map((one) => ({ at: one.at.toISOString(), note: one.note })),
    };
  }

  async function drafts(): Promise<DraftRow[]> {
    return (await listDrafts(db)).map((row) => ({ ...row, draft_generated_at: row.draft_generated_at?.toISOString() ?? null }));
  }

  return { show, editStory, approve, editDecision, correct, publicRecord, drafts };
}

export type NewsroomService = ReturnType<typeof createNewsroomService>;

function parseBody<T>(schema: { safeParse(value: unknown): { success: true; data: T } | { success: false; error: { issues: { message: string; path: PropertyKey[] }[] } } }, body: unknown): T {
  const parsed = schema.safeParse(body);
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  const where = issue && issue.path.length > 0 ? `${issue.path.join('.')}: ` : '';
  throw new AppError('BAD_INPUT', issue ? `${where}${issue.message}` : 'Bad edit');
}

/**
 * A quote block whose words changed must be found word for word in the transcript; new passages
 * in quotation marks in the lede or body likewise. Anything else is prose, and the editor is told
 * which words to unquote.
 */
function verifyEditedStory(before: NewsStory, after: NewsStory, index: TranscriptIndex): NewsStory {
  const block = after.sidebar_elements.quote_block;
  const oldBlock = before.sidebar_elements.quote_block;
  if (block && block.quote !== oldBlock?.quote && matchQuote(block.quote, index).status !== 'verified') {
    throw new AppError('BAD_INPUT', `The quote is not in the transcript word for word: "${block.quote}". Quote the meeting exactly, or put the words in the story as prose.`);
  }
  for (const passage of newQuotedPassages(before.article.body, after.article.body)) {
    if (matchQuote(passage, index).status !== 'verified') {
      throw new AppError('BAD_INPUT', `"${passage}" is in quotation marks but not in the transcript word for word. Quote the meeting exactly, or remove the quotation marks.`);
    }
  }
  return verifyStory(after, index);
}

async function lockVideo(trx: Executor, id: string, version: string | undefined): Promise<CityVideo> {
  const current = await trx.selectFrom('city_videos').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
  if (version !== undefined && version !== versionOf(current)) throw new AppError('CONFLICT', STORY_CHANGED);
  return current;
}

function reload(db: Executor, id: string): Promise<CityVideo> {
  return db.selectFrom('city_videos').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The machine's text, kept once before a person first changes it (dated when it was written). */
async function keepMachineVersion(trx: Executor, video: CityVideo, target: 'draft' | 'published', story: string): Promise<void> {
  const written = target === 'draft' ? video.draft_generated_at : video.story_generated_at;
  await insertRevision(trx, { city_video_id: video.id, author_id: null, action: 'generated', target, changed: [], story, created_at: written ?? video.created_at });
}

/** Changes whenever the story, the draft or the decisions change: a save over another's change is refused. */
function versionOf(video: Pick<CityVideo, 'news_story' | 'draft_story' | 'analysis_results'>): string {
  const decisions = analysisOf(video)?.decisions ?? null;
  return createHash('sha256')
    .update(JSON.stringify([video.news_story, video.draft_story, decisions]))
    .digest('hex')
    .slice(0, 16);
}

function analysisOf(video: Pick<CityVideo, 'analysis_results'>): AnalysisResults | null {
  const parsed = analysisResultsSchema.safeParse(video.analysis_results);
  return parsed.success ? parsed.data : null;
}

function stateOf(video: Pick<CityVideo, 'news_story' | 'draft_story'>): StoryState {
  if (video.draft_story !== null) return video.news_story ? 'published_with_draft' : 'draft';
  return video.news_story ? 'published' : 'none';
}

async function viewOf(db: Executor, video: CityVideo): Promise<NewsroomView> {
  const [city, revisions, record, reviewer] = await Promise.all([
    findCityById(db, video.city_id),
    listRevisions(db, video.id),
    publicRecordOf(db, video.id),
    video.story_reviewed_by ? db.selectFrom('users').select('email').where('id', '=', video.story_reviewed_by).executeTakeFirst() : undefined,
  ]);
  return {
    video: { id: video.id, video_id: video.video_id, title: video.title },
    city: city ? { id: city.id, name: city.name, location_key: city.location_key, story_review: city.story_review } : null,
    state: stateOf(video),
    version: versionOf(video),
    published: video.news_story ? { story: video.news_story, generated_at: video.story_generated_at?.toISOString() ?? null } : null,
    draft: video.draft_story !== null ? { story: video.draft_story, generated_at: video.draft_generated_at?.toISOString() ?? null } : null,
    edited_at: video.story_edited_at?.toISOString() ?? null,
    reviewed_at: video.story_reviewed_at?.toISOString() ?? null,
    reviewed_by: reviewer?.email ?? null,
    updated_at: record.updated_at?.toISOString() ?? null,
    corrections: record.corrections.map((one) => ({ at: one.at.toISOString(), note: one.note })),
    revisions: revisions.map((row) => ({
      id: row.id,
      created_at: row.created_at.toISOString(),
      author: row.author,
      action: row.action,
      target: row.target,
      changed: row.changed,
      correction_note: row.correction_note,
    })),
    transcript_available: Boolean(video.transcript?.trim()),
  };
}
