import { DEFAULT_VIDEO_LIST_LIMIT, type City, type CityVideoListing, type Core, type StageState, type VideoDetails } from '../../core/index.js';
import { analysisResultsSchema } from '../../core/domain/analysis.js';
import type { Decision } from '../../core/domain/decisions.js';
import { parseStoredStory } from '../../core/domain/news-story.js';
import type { TranscriptSegment } from '../../core/domain/transcript.js';
import { resolveCityKey } from '../city-key.js';
import { namedInCliWords } from '../named-errors.js';
import { describeDecisions } from '../ui/decisions-text.js';
import { truncate } from '../ui/format.js';
import { describeStory, indent } from '../ui/story-text.js';
import { formatClock, formatTable } from '../ui/table.js';
import { formatCount, formatIsoDay, formatUtcMinute } from '../../core/domain/format.js';
import { NO_ANALYSIS_YET, NO_CITY_VIDEOS, NO_STORY_YET } from '../../core/domain/messages.js';

export interface VideoShowOptions {
  city?: string;
  limit?: number;
  /** Also the transcript, one timed segment a line. */
  transcript?: boolean;
  json?: boolean;
}

export type VideoShowResult = { kind: 'video'; details: VideoDetails; segments?: TranscriptSegment[] } | { kind: 'list'; city: City; videos: CityVideoListing[] };

/**
 * A usage problem with `civic video show`'s arguments, or null: one video (with --city, that
 * city's copy of a video several cities follow), or --city alone for the city's list.
 */
export function videoShowUsageProblem(target: string | undefined, options: VideoShowOptions): string | null {
  if (!target && !options.city) return 'missing a video id (ours or the YouTube id), or --city <key> to list a city\'s videos';
  if (target && options.limit !== undefined) return '--limit goes with --city alone (a list), not with a video';
  if (!target && options.transcript) return '--transcript goes with one video, not a list';
  return null;
}

export async function showVideo(core: Core, target: string | undefined, options: VideoShowOptions): Promise<VideoShowResult> {
  const key = options.city === undefined ? undefined : await resolveCityKey(core, options.city);
  if (!target && key) {
    const { city, videos } = await namedInCliWords(core.videos.listCityVideos(key, options.limit ?? DEFAULT_VIDEO_LIST_LIMIT));
    return { kind: 'list', city, videos };
  }
  const details = await namedInCliWords(core.videos.showVideo(target ?? '', key ? { cityKey: key } : {}));
  if (!options.transcript) return { kind: 'video', details };
  return { kind: 'video', details, segments: await core.videos.getSegments(details.video.id) };
}

/**
 * The JSON form: the whole video row with what was looked up around it. The story is an
 * object (or its plain text when it is not our JSON), never JSON inside a string.
 */
export function presentVideoShow(result: VideoShowResult): unknown {
  if (result.kind === 'list') return { city: result.city.location_key, videos: result.videos };
  const { video, ...rest } = result.details;
  const story = parseStoredStory(video.news_story);
  const newsStory = story === null ? null : story.kind === 'json' ? story.story : story.text;
  return { ...video, news_story: newsStory, details: rest, ...(result.segments ? { segments: result.segments } : {}) };
}

export function describeVideoShow(result: VideoShowResult): string {
  if (result.kind === 'list') return describeVideoList(result.city, result.videos);
  const text = describeVideo(result.details);
  return result.segments ? `${text}\n${describeTranscript(result.details, result.segments).join('\n')}` : text;
}

function describeVideoList(city: City, videos: readonly CityVideoListing[]): string {
  if (videos.length === 0) return `${NO_CITY_VIDEOS} (${city.location_key})`;
  // The platform's id names a video to every command (civic video show, analyze, story) and is a
  // third the width of ours, which --json still gives: so the table fits 80 columns.
  const table = formatTable(
    ['VIDEO', 'PUBLISHED', 'TRANSCRIPT', 'ANALYSIS', 'STORY', 'VERIFY', 'TITLE'],
    videos.map((video) => [
      video.video_id,
      formatIsoDay(video.published_at),
      stageCell(video.stages, 'transcript', video.transcript_chars > 0),
      stageCell(video.stages, 'analysis', video.analysed),
      stageCell(video.stages, 'story', video.has_story),
      stageCell(video.stages, 'verify', false),
      video.title ?? '(untitled)',
    ]),
    { cut: { 6: 'end' } },
  );
  return `${city.name}, ${city.state}: ${formatCount(videos.length, 'newest video')}\n${table}\ncivic video show <VIDEO> shows one in full.`;
}

function stageCell(stages: readonly StageState[], stage: StageState['stage'], present: boolean): string {
  const state = stages.find((s) => s.stage === stage);
  if (!state) return present ? 'stored' : '—';
  return state.status === 'failed' ? `failed×${state.attempts}` : state.status;
}

function describeVideo(details: VideoDetails): string {
  const { video, city, source, transcript, stages, story } = details;
  const field = (label: string, value: string) => `  ${`${label}:`.padEnd(13)}${value}`;
  const lines = [
    video.title ?? '(untitled)',
    field('Id', `${video.id} (video ${video.video_id})`),
    field('City', city ? `${city.name}, ${city.state} (${city.location_key})` : '—'),
    field('Source', source ? `${source.title ?? '(untitled)'} ${source.url}` : '—'),
    field('Published', formatUtcMinute(video.published_at)),
    field('Watch', video.video_url ?? '—'),
    field(
      'Transcript',
      transcript.chars === 0
        ? 'none'
        : `${formatCount(transcript.chars, 'character')}, ${formatCount(transcript.segments, 'segment')}${transcript.editedByPerson ? ', edited by a person' : ''}`,
    ),
    '',
    'Stages:',
  ];
  if (stages.length === 0) lines.push('  not run yet');
  for (const stage of stages) {
    const attempts = formatCount(stage.attempts, 'attempt');
    lines.push(`  ${stage.stage.padEnd(11)}${stage.status.padEnd(9)}${attempts}, ${formatUtcMinute(stage.finished_at ?? stage.started_at)}`);
    if (stage.last_error) lines.push(`             ${stage.last_error}`);
  }
  // Two cities following one meeting each have their own row, analysis and story (issue 26).
  for (const other of details.alsoIn) {
    lines.push(field('Also in', `${other.name}, ${other.state}: civic video show ${video.video_id} --city ${other.location_key}`));
  }
  lines.push('', ...describeStoredAnalysis(details));
  if (!story) lines.push('', NO_STORY_YET);
  else lines.push(...describeStoredStory(video.news_story, video.story_generated_at));
  return lines.join('\n');
}

/** The analysis in counts and its summary, the quote checks, then what the meeting decided. */
function describeStoredAnalysis({ video, analysis, quotes }: VideoDetails): string[] {
  const unchecked = quotes.unchecked > 0 ? `, ${quotes.unchecked} not checked yet` : '';
  const quoteChecks = `Quotes: ${quotes.verified} verified, ${quotes.paraphrased} paraphrased, ${quotes.unverified} unverified${unchecked}`;
  if (!analysis) return [NO_ANALYSIS_YET, quoteChecks];
  return [
    `Analysis: ${formatCount(analysis.highlights, 'highlight')}, ${formatCount(analysis.actionItems, 'action item')}, ${formatCount(analysis.entities, 'entity', 'entities')}`,
    `  ${truncate(analysis.summary, 300)}`,
    quoteChecks,
    ...describeDecisions(storedDecisions(video.analysis_results)),
  ];
}

// The service gives the analysis in counts; the decisions are read from the stored row, as the
// story is, so an analysis written before decisions were recorded (no field) can say so.
function storedDecisions(stored: unknown): Decision[] | undefined {
  const parsed = analysisResultsSchema.safeParse(stored);
  return parsed.success ? parsed.data.decisions : undefined;
}

function describeStoredStory(stored: string | null, generatedAt: Date | null): string[] {
  const story = parseStoredStory(stored);
  if (!story) return [];
  if (story.kind === 'text') return ['', `Story: plain text, ${story.text.length} characters`, indent(story.text.trim())];
  const { headline, word_count: words } = story.story.article;
  return describeStory(story.story, `Story: ${headline} (${words} words, generated ${formatUtcMinute(generatedAt)})`);
}

/** One line per segment, "[0:01:02] Speaker: words", as search prints its hits. */
function describeTranscript(details: VideoDetails, segments: readonly TranscriptSegment[]): string[] {
  const lines = ['', 'Transcript'];
  if (segments.length > 0) {
    for (const segment of segments) lines.push(`  [${formatClock(segment.start_ms)}] ${segment.speaker ? `${segment.speaker}: ` : ''}${segment.text}`);
  } else if (details.video.transcript) {
    // A transcript stored before segments were kept has no times to show.
    lines.push('  (no timed segments stored)', indent(details.video.transcript.trim()));
  } else {
    lines.push('  none');
  }
  return lines;
}
