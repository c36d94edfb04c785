import type { AnalysisResults } from '../domain/analysis.js';
import type { NewsStory } from '../domain/news-story.js';
import type { TranscriptSegment } from '../domain/transcript.js';
import { DEFAULT_FIXTURES_DIR, loadDemoCities, loadDemoSources, loadDemoVideosBySource, loadFixtureTranscript } from '../adapters/fixture/fixture-files.js';
import { analyzeTranscript } from '../adapters/local-analyzer/analyze.js';
import { writeStory } from '../adapters/local-analyzer/story.js';

/** The demo meetings in fixtures/demo, analysed and written up as the pipeline would; test-only. */
export const DEMO_VIDEO_IDS = ['fvCC2026a01', 'fvCC2026a02', 'fvCC2026a03', 'fvSB2026a01', 'fvSB2026a02', 'rvCC2026a01'] as const;
export type DemoVideoId = (typeof DEMO_VIDEO_IDS)[number];

export interface DemoMeeting {
  id: DemoVideoId;
  segments: TranscriptSegment[];
  analysis: AnalysisResults;
  story: NewsStory;
}

const NOW = new Date('2026-06-01T12:00:00Z');

export async function loadDemoMeetings(): Promise<Map<DemoVideoId, DemoMeeting>> {
  const [sources, cities, videosBySource] = await Promise.all([loadDemoSources(), loadDemoCities(), loadDemoVideosBySource()]);
  const meetings = new Map<DemoVideoId, DemoMeeting>();
  for (const [sourceKey, videos] of videosBySource) {
    const cityKey = sources.find((source) => source.key === sourceKey)?.city_key;
    const cityName = cities.find((city) => city.location_key === cityKey)?.name;
    for (const video of videos) {
      const id = DEMO_VIDEO_IDS.find((known) => known === video.video_id);
      if (!id) continue;
      const segments = await loadFixtureTranscript(DEFAULT_FIXTURES_DIR, id);
      const meta = { title: video.title, description: video.description };
      const analysis = analyzeTranscript({ segments, ...meta, meetingDate: video.published_at, now: NOW });
      const story = writeStory({ analysis, segments, ...meta, cityName, publishedAt: video.published_at, now: NOW });
      meetings.set(id, { id, segments, analysis, story });
    }
  }
  return meetings;
}
