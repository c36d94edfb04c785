/** The offline analyzer and story writer: no network, no key. */
export { analyzeTranscript, type AnalyzeTranscriptInput } from './analyze.js';
export { writeStory, type WriteStoryInput } from './story.js';
export { findMeetingDate } from './dates.js';
