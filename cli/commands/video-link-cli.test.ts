import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AnalysisResults } from '../../core/domain/analysis.js';
import { openDatabase } from '../../core/db/database.js';
import { migrateToLatest } from '../../core/db/migrate.js';
import { buildCity, buildVideo } from '../../core/testing/builders.js';
import { runCivic } from '../testing/run-civic.js';

// fixtures/demo/transcripts/ has a transcript for this id: the transcript stage runs offline.
const DEMO_VIDEO = 'fvCC2026a01';
/** A video stored already analysed, with one decision. */
const DECIDED_VIDEO = 'fvDecided01';
const DECIDED_ANALYSIS: AnalysisResults = {
  summary: 'The council approved the minutes.', highlights: [], action_items: [], entities: [],
  decisions: [{
    item: null, item_number: null, motion: 'approve the minutes', outcome: 'passed', tally: { yes: 5, no: 0, abstain: null, absent: null },
    vote_kind: 'voice', mover: 'Councilmember Ortiz', seconder: null,
    evidence: [{ text: 'The motion carries 5-0.', start_ms: 754_000, verification_status: 'verified' }],
  }],
};

// Through the real launcher on the embedded database, as an operator pastes a link from a browser.
describe('civic transcript|analyze|story|video show <video link> (child process)', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-video-link-'));
    // The embedded database the commands will open, made and filled first.
    const database = await openDatabase({ dataDir });
    try {
      await migrateToLatest(database.db);
      const city = await buildCity(database.db, { location_key: 'fairview-ca', name: 'Fairview' });
      await buildVideo(database.db, city.id, { video_id: DEMO_VIDEO, title: 'City Council Regular Meeting' });
      await buildVideo(database.db, city.id, { video_id: DECIDED_VIDEO, title: 'Special Meeting', analysis_results: JSON.stringify(DECIDED_ANALYSIS) });
    } finally {
      await database.close();
    }
  }, 90_000);
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('runs each stage for a stored video named by a youtu.be, /live/ or watch?v=…&t= link', async () => {
    const steps: [string, string, string][] = [
      ['transcript', `https://youtu.be/${DEMO_VIDEO}?t=42`, 'transcript'],
      ['analyze', `https://www.youtube.com/live/${DEMO_VIDEO}?si=share`, 'analysis'],
      ['story', `https://www.youtube.com/watch?v=${DEMO_VIDEO}&t=95s`, 'story'],
    ];
    for (const [command, link, stage] of steps) {
      const result = await runCivic([command, link, '--json'], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
      expect({ command, stderr: result.stderr, code: result.code }).toEqual({ command, stderr: '', code: 0 });
      expect(JSON.parse(result.stdout)).toMatchObject({ stages: { [stage]: { total: 1, done: 1, failed: 0 } } });
    }
  }, 180_000);

  it("prints a stored analysis's decisions under civic video show <link>", async () => {
    const result = await runCivic(['video', 'show', `https://youtu.be/${DECIDED_VIDEO}`], { DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    expect({ stderr: result.stderr, code: result.code }).toEqual({ stderr: '', code: 0 });
    expect(result.stdout).toContain('\nDecisions (1)\n  [0:12:34] A vote: passed 5-0\n      moved by Councilmember Ortiz\n      “The motion carries 5-0.”  ✓ verified\n');
  }, 90_000);

  it('answers "Unknown video" with the link for a video that is not stored', async () => {
    const result = await runCivic(['transcript', 'https://youtu.be/zzzzzzzzzzz'], { DATA_DIR: dataDir });
    expect(result.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^civic: Unknown video "https:\/\/youtu\.be\/zzzzzzzzzzz"/)]);
    expect(result.code).toBe(2);
  }, 90_000);
});
