import type { AdminVideoDetails, AdminVideoRow, CityVideo, PipelineVideo, PublicVideoRow, VideoListRow, VideoWithCity } from '../../core/index.js';
import { presentCityRef } from './cities.js';

/** The video fields of spec §3, everything a visitor may read. */
function presentVideo(video: CityVideo) {
  return {
    id: video.id,
    video_id: video.video_id,
    city_id: video.city_id,
    city_urls_id: video.city_urls_id,
    title: video.title,
    description: video.description,
    transcript: video.transcript,
    channel_title: video.channel_title,
    published_at: video.published_at,
    created_at: video.created_at,
    thumbnail_url: video.thumbnail_url,
    video_url: video.video_url,
    analysis_results: video.analysis_results,
    news_story: video.news_story,
    story_generated_at: video.story_generated_at,
  };
}

export function presentVideoWithCity({ video, city }: VideoWithCity) {
  return { ...presentVideo(video), city: presentCityRef(city) };
}

/** A video in a list: no transcript, analysis or story bodies, whether each exists instead. */
function presentVideoListRow(video: VideoListRow) {
  return {
    id: video.id,
    video_id: video.video_id,
    city_id: video.city_id,
    city_urls_id: video.city_urls_id,
    title: video.title,
    description: video.description,
    channel_title: video.channel_title,
    published_at: video.published_at,
    created_at: video.created_at,
    thumbnail_url: video.thumbnail_url,
    video_url: video.video_url,
    story_generated_at: video.story_generated_at,
    has_transcript: video.has_transcript,
    has_analysis: video.has_analysis,
    has_story: video.has_story,
  };
}

/** A card on a city page, with the start of the analysis summary. */
export function presentVideoCard(video: PublicVideoRow) {
  return { ...presentVideoListRow(video), summary: video.summary };
}

export function presentAdminVideoRow(video: AdminVideoRow) {
  return { ...presentVideoListRow(video), transcript_edited_at: video.transcript_edited_at };
}

/** Admin detail: the whole video plus whether a person edited the transcript and where each stage stands. */
export function presentAdminVideo(details: AdminVideoDetails) {
  return {
    ...presentVideo(details.video),
    transcript_edited_at: details.video.transcript_edited_at,
    updated_at: details.video.updated_at,
    city: presentCityRef(details.city),
    segment_count: details.segments,
    stages: details.stages.map((stage) => ({
      stage: stage.stage,
      status: stage.status,
      attempts: stage.attempts,
      last_error: stage.last_error,
      started_at: stage.started_at,
      finished_at: stage.finished_at,
      duration_ms: stage.duration_ms,
    })),
  };
}

export function presentPipelineVideo(video: PipelineVideo) {
  return {
    id: video.id,
    video_id: video.video_id,
    city_id: video.city_id,
    city_urls_id: video.city_urls_id,
    title: video.title,
    published_at: video.published_at,
    has_transcript: video.has_transcript,
    has_analysis: video.has_analysis,
    has_story: video.has_story,
    transcript_edited_at: video.transcript_edited_at,
    stages: video.stages,
    llm: video.usage,
  };
}
