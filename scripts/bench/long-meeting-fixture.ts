/**
 * A three-hour meeting for the meeting-page benchmark: 3,000 transcript lines of 10 words
 * (30,000 words), a line every 3.6 s, eight speakers taking turns of a few lines. Written as a
 * `fixture:` source (fixtures/demo's format) into a copy of the demo fixtures, so the CLI
 * ingests it like any meeting.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

export const LONG_MEETING = { videoId: 'bnLONG3hour', source: 'bench-long-meeting', lines: 3000, wordsPerLine: 10, seconds: 3 * 3600 };

const SPEAKERS = ['Mayor Elena Ruiz', 'Vice Mayor Thomas Okafor', 'Councilmember Grace Liu', 'Councilmember Priya Natarajan',
  'Councilmember Dale Whitcomb', 'City Manager Ana Solis', 'City Clerk Janet Ortiz', 'Resident Sam Lee'];
const WORDS = ('the council budget water rates library hours parks zoning housing downtown street bike lane hearing motion second vote ' +
  'approve staff report residents traffic safety contract bridge repair fund grant school district public comment agenda item ' +
  'consent calendar ordinance reading amendment schedule project cost estimate million percent year quarter revenue').split(' ');

/** Deterministic text: the same meeting every run. */
function lineText(index: number, words: number): string {
  const out: string[] = [];
  for (let i = 0; i < words; i++) out.push(WORDS[(index * 7 + i * 13 + ((index * i) % 5)) % WORDS.length]!);
  const text = out.join(' ');
  return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
}

/** Copies the demo fixtures to `dir` and adds the long meeting's source and transcript. */
export async function writeLongMeetingFixtures(dir: string): Promise<void> {
  await fs.cp(path.resolve(import.meta.dirname, '../../fixtures/demo'), dir, { recursive: true });
  const { videoId, source, lines, wordsPerLine, seconds } = LONG_MEETING;
  const step = seconds / lines;
  const segments = Array.from({ length: lines }, (_, i) => ({
    start: Math.round(i * step * 10) / 10,
    duration: Math.round(step * 10) / 10,
    speaker: SPEAKERS[Math.floor(i / 4) % SPEAKERS.length],
    text: lineText(i, wordsPerLine),
  }));
  await fs.writeFile(path.join(dir, 'transcripts', `${videoId}.json`), JSON.stringify({ video_id: videoId, segments }));
  const video = {
    video_id: videoId, title: 'City Council Budget Marathon - three hours', channel_title: 'City of Fairview, CA',
    description: 'A long budget session, generated for the meeting page benchmark.', published_at: '2026-06-30T18:00:00Z',
    thumbnail_url: null, duration_seconds: seconds,
  };
  await fs.writeFile(path.join(dir, 'videos', `${source}.json`), JSON.stringify([video]));
}
