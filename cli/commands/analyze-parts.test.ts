/** `civic analyze --file a --file b`: one meeting published in parts, joined in the order given. */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../../core/adapters/local-model.js';
import type { FileAnalysis } from '../../core/index.js';
import { LINDGREN_PARK_VTT } from '../testing/lindgren-park-meeting.js';
import { runCivic } from '../testing/run-civic.js';
import { analyzeFile, describeFileAnalysis } from './analyze.js';

/** The same meeting published as two videos: part 2's captions start again at 0:00. */
const PART_ONE = LINDGREN_PARK_VTT.split('\n\n00:00:22.000')[0] ?? '';
const PART_TWO = `WEBVTT

00:00:00.000 --> 00:00:05.000
<v Councilmember Chen>I second the motion.

00:00:05.000 --> 00:00:14.000
<v Mayor Lee>All in favor? The motion passes five to zero.
`;

describe('civic analyze --file a --file b: one meeting in parts', () => {
  let dir: string;
  let partOne: string;
  let partTwo: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-parts-'));
    partOne = path.join(dir, 'council_2026-03-10_part1.vtt');
    partTwo = path.join(dir, 'council_2026-03-10_part2.vtt');
    await fs.writeFile(partOne, PART_ONE);
    await fs.writeFile(partTwo, PART_TWO);
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('refuses the whole run when one part is not a transcript, naming that file', async () => {
    const bad = path.join(dir, 'notes.json');
    await fs.writeFile(bad, '{"title": "Council", "speakers": ["A"]}');
    const analyzer = createLocalAnalyzer();
    await expect(analyzeFile({ analyzer }, { file: [partOne, bad, partTwo] })).rejects.toMatchObject({
      code: 'BAD_INPUT', message: expect.stringMatching(/^notes\.json \(part 2\) is not a transcript: JSON is not a transcript/),
    });
    await expect(analyzeFile({ analyzer }, { file: [partOne, path.join(dir, 'gone.vtt')] })).rejects.toMatchObject({ message: expect.stringMatching(/gone\.vtt: no such file$/) });
  });

  it('joins a timed part and a plain-text part without claiming any time', async () => {
    const notes = path.join(dir, 'clerk-notes.txt');
    await fs.writeFile(notes, 'Councilmember Chen: I second the motion.\nMayor Lee: All in favor? The motion passes five to zero.\n');
    const result = await analyzeFile({ analyzer: createLocalAnalyzer() }, { file: [partOne, notes] });
    expect(result).toMatchObject({ format: 'mixed', timed: false });
    expect(result.parts?.map((part) => [part.name, part.format, part.start_ms])).toEqual([
      ['council_2026-03-10_part1.vtt', 'webvtt', null], ['clerk-notes.txt', 'plain-text', null],
    ]);
    expect(result.analysis.highlights.every((highlight) => highlight.start_ms === null)).toBe(true);
    expect(describeFileAnalysis(result)).toContain('  part 2: clerk-notes.txt (plain-text, no timings, 2 segments)');
  });

  // Through the real launcher in a temp dir, as an operator would run it.
  it('analyses both parts as one meeting, part 2 after part 1 (--json), and says where each part starts', async () => {
    const result = await runCivic(['analyze', '--file', path.basename(partOne), '--file', path.basename(partTwo), '--json'], { DATA_DIR: path.join(dir, 'data') }, dir);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as FileAnalysis;
    expect(output).toMatchObject({ format: 'webvtt', timed: true });
    expect(output.parts).toEqual([
      { name: 'council_2026-03-10_part1.vtt', format: 'webvtt', timed: true, segments: 3, start_ms: 0 },
      { name: 'council_2026-03-10_part2.vtt', format: 'webvtt', timed: true, segments: 2, start_ms: 22_000 },
    ]);
    // The motion's vote is in part 2, at 0:05 of its own video: 0:27 of the meeting.
    const quotes = output.analysis.highlights.flatMap((highlight) => highlight.quotes);
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((quote) => quote.verification_status === 'verified')).toBe(true);
    expect(output.analysis.summary).toMatch(/passed 5-0 \(0:27\)/);
    await expect(fs.access(path.join(dir, 'data'))).rejects.toThrow();

    const human = await runCivic(['analyze', '--file', partOne, '--file', partTwo], {}, dir);
    expect(human.code).toBe(0);
    expect(human.stdout).toContain('Parts (2, joined in the order given)\n  part 1 at 0:00:00: council_2026-03-10_part1.vtt (webvtt, 3 segments)\n  part 2 at 0:00:22:');
  }, 120_000);

  it('exits 2 with one line naming the part that is not a transcript, printing nothing', async () => {
    const bad = path.join(dir, 'empty.srt');
    await fs.writeFile(bad, '');
    const result = await runCivic(['analyze', '--file', partOne, '--file', bad, '--json'], {}, dir);
    expect(result.stderr.trim().split('\n')).toEqual(['civic: empty.srt (part 2) is not a transcript: the transcript file is empty']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
  }, 60_000);
});
