/**
 * The TranscriptSource the pipeline uses: a demo video (one with a fixture transcript file)
 * is read from fixtures/, any other id from YouTube's captions.
 */
import type { FetchTranscriptOptions, TranscriptSource } from '../../ports/transcript-source.js';
import { createFixtureTranscriptSource } from '../fixture/fixture-transcript-source.js';
import { createYoutubeTranscriptSource } from './youtube-transcript-source.js';

export interface TranscriptSourceOptions {
  webBaseUrl?: string | undefined;
  fixturesDir?: string | undefined;
  timeoutMs?: number | undefined;
  defaultLang?: string | undefined;
}

export function createTranscriptSource(options: TranscriptSourceOptions = {}): TranscriptSource {
  const fixtures = createFixtureTranscriptSource(options.fixturesDir ? { fixturesDir: options.fixturesDir } : {});
  const youtube = createYoutubeTranscriptSource({
    ...(options.webBaseUrl ? { webBaseUrl: options.webBaseUrl } : {}),
    ...(options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }),
    ...(options.defaultLang ? { defaultLang: options.defaultLang } : {}),
  });
  return {
    async fetchTranscript(videoId: string, fetchOptions?: FetchTranscriptOptions) {
      const source = (await fixtures.hasTranscript(videoId)) ? fixtures : youtube;
      return source.fetchTranscript(videoId, fetchOptions);
    },
  };
}
