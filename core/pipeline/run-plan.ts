import type { RunVideo } from '../db/repositories/city-videos.js';
import type { PipelineDeps } from './deps.js';
import { estimateRunCost, type CityCostEstimate } from './dry-run-estimate.js';
import type { VideoStageName } from './progress.js';
import type { RunRequest } from './run.js';
import type { SourceOfCity } from './run-sources.js';

// A dry run's answer: what a run would do (its sources, each video's stages) and what its
// model work would cost, with no network, no model call and no write.

export interface PlannedVideo {
  id: string;
  videoId: string;
  title: string | null;
  stages: VideoStageName[];
}

export interface RunPlan {
  sources: { id: string; url: string }[];
  videos: PlannedVideo[];
  /** The model cost per city (null when the analyzer cannot estimate). */
  estimates: CityCostEstimate[] | null;
}

export async function planRun(deps: Pick<PipelineDeps, 'db' | 'analyzer'>, request: RunRequest, sources: readonly SourceOfCity[], videos: readonly RunVideo[], stages: VideoStageName[]): Promise<RunPlan> {
  const planned = videos.map((v) => planVideo(v, stages, request.force));
  const estimates = await estimateRunCost(
    deps,
    request.cities,
    planned.map((video, index) => ({ id: video.id, cityId: videos[index]!.city_id, stages: video.stages })),
  );
  return { sources: sources.map((s) => ({ id: s.source.id, url: s.source.url })), videos: planned, estimates };
}

function planVideo(video: RunVideo, stages: VideoStageName[], force = false): PlannedVideo {
  const needed = stages.filter((stage) => {
    if (force) return true;
    if (stage === 'transcript') return !video.has_transcript;
    if (stage === 'analysis') return !video.has_analysis;
    if (stage === 'story') return !video.has_story;
    return true;
  });
  return { id: video.id, videoId: video.video_id, title: video.title, stages: needed };
}
