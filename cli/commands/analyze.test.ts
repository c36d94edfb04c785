import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLocalAnalyzer } from '../../core/adapters/local-model.js';
import type { Decision } from '../../core/domain/decisions.js';
import type { FileAnalysis } from '../../core/index.js';
import type { Analyzer } from '../../core/ports/language-model.js';
import { printResult } from '../context.js';
import { captureOutput } from '../testing/capture-output.js';
import { LINDGREN_PARK_VTT as VTT } from '../testing/lindgren-park-meeting.js';
import { runCivic } from '../testing/run-civic.js';
import { analyzeFile, analyzeUsageProblem, describeFileAnalysis } from './analyze.js';
import { realFixtures } from '../../core/testing/real-fixtures.js';

/** Undefined in a clone without ../shared: the tests that replay recorded responses skip. */
const REAL = realFixtures();

const CDP_SENTENCES = path.join(REAL ?? '', 'cdp_seattle_2019-06-25_committee_sentences.json');

/** The Lindgren Park vote of VTT, as an analyzer that reads decisions would give it (before verification: no second yet). */
const PARK_VOTE: Decision = {
  item: 'Lindgren Park renovation budget',
  item_number: null,
  motion: 'approve the Lindgren Park renovation budget and direct the city manager to sign the contract by April 15',
  outcome: 'passed',
  tally: { yes: 5, no: 0, abstain: null, absent: null },
  vote_kind: 'voice',
  mover: 'Councilmember Ortiz',
  seconder: 'Councilmember Chen',
  evidence: [{ text: 'The motion passes five to zero.', start_ms: null }],
};

/**
 * The local analyzer with these decisions added to its analysis: it records none itself yet,
 * and the output should not wait for it. Verification still runs on them as on any analysis.
 */
function analyzerFinding(decisions: Decision[]): Analyzer {
  const local = createLocalAnalyzer();
  return {
    kind: local.kind,
    model: local.model,
    analyze: async (input, ctx) => ({ ...(await local.analyze(input, ctx)), decisions }),
    writeStory: (input, ctx) => local.writeStory(input, ctx),
  };
}

describe('analyzeUsageProblem', () => {
  it('wants a video or --file, never both; --story only with --file', () => {
    expect(analyzeUsageProblem('abc', {})).toBeNull();
    expect(analyzeUsageProblem(undefined, { file: ['a.vtt'], story: true })).toBeNull();
    expect(analyzeUsageProblem('abc', { file: ['a.vtt'] })).toMatch(/not both/);
    expect(analyzeUsageProblem(undefined, { file: ['a.vtt', 'b.vtt'] })).toBeNull();
    expect(analyzeUsageProblem(undefined, {})).toMatch(/missing a video/);
    expect(analyzeUsageProblem('abc', { story: true })).toMatch(/--story goes with --file/);
  });
});

describe('civic analyze --file', () => {
  let dir: string;
  let vttFile: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-analyze-'));
    vttFile = path.join(dir, 'council_2026-03-10.vtt');
    await fs.writeFile(vttFile, VTT);
  });
  afterAll(async () => {
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('analyses, verifies and renders a WebVTT transcript with its story', async () => {
    const result = await analyzeFile({ analyzer: createLocalAnalyzer() }, { file: [vttFile], story: true });
    expect(result).toMatchObject({ format: 'webvtt', timed: true, story: { article: { headline: expect.any(String) } } });
    const quotes = result.analysis.highlights.flatMap((highlight) => highlight.quotes);
    expect(quotes.length).toBeGreaterThan(0);
    expect(quotes.every((quote) => quote.verification_status === 'verified')).toBe(true);

    const text = describeFileAnalysis(result);
    expect(text).toMatch(/^Transcript: webvtt; analysed by the local analyzer/);
    expect(text).toMatch(/\n {2}\[0:00:\d\d\] .+\n {6}“.+” — .+ {2}✓ verified/);
    expect(text).toContain('Action items (');
    expect(text).toMatch(/Entities \(\d+\)\n {2}\w+: /);
    expect(text).toContain('\nStory\n');
    expect(text).toMatch(/Next meeting: /);
  });

  it('lists the decisions after the highlights, each at its second with its mover, seconder and verified sentence', async () => {
    const invented: Decision = { ...PARK_VOTE, item: 'a budget nobody voted on', evidence: [{ text: 'The budget was rejected by a wide margin.', start_ms: null }] };
    const result = await analyzeFile({ analyzer: analyzerFinding([PARK_VOTE, invented]) }, { file: [vttFile] });
    const text = describeFileAnalysis(result);
    expect(text).toContain([
      '\nDecisions (1)',
      '  [0:00:36] Lindgren Park renovation budget: passed 5-0',
      '      moved by Councilmember Ortiz, seconded by Councilmember Chen',
      '      “The motion passes five to zero.”  ✓ verified',
      '',
      'Action items (',
    ].join('\n'));
    // Verification dropped the decision the transcript does not hold, here and in --json.
    expect(text).not.toContain('nobody voted on');

    const output = captureOutput();
    try {
      printResult(result, text, { json: true });
    } finally {
      output.restore();
    }
    const json = JSON.parse(output.stdout()) as FileAnalysis;
    expect(json.analysis.decisions).toEqual([{ ...PARK_VOTE, evidence: [{ text: 'The motion passes five to zero.', start_ms: 36_000, verification_status: 'verified' }] }]);
  });

  it('claims no second for a decision in an untimed transcript, and says when none was found', async () => {
    const notes = path.join(dir, 'clerk-notes.txt');
    await fs.writeFile(notes, 'Councilmember Ortiz: I move that we approve the Lindgren Park renovation budget.\nMayor Lee: All in favor? The motion passes five to zero.\n');
    const untimed = await analyzeFile({ analyzer: analyzerFinding([PARK_VOTE]) }, { file: [notes] });
    expect(untimed.analysis.decisions?.[0]?.evidence).toEqual([{ text: 'The motion passes five to zero.', start_ms: null, verification_status: 'verified' }]);
    expect(describeFileAnalysis(untimed)).toContain('\nDecisions (1)\n  Lindgren Park renovation budget: passed 5-0\n');

    const none = await analyzeFile({ analyzer: analyzerFinding([]) }, { file: [notes] });
    expect(describeFileAnalysis(none)).toContain('\nDecisions (0)\n  none found in the transcript\n');
  });

  it('marks paraphrased and unverified quotes and shows the due date', () => {
    const result: FileAnalysis = {
      format: 'plain-text',
      timed: false,
      analysis: {
        summary: 'A short meeting.',
        highlights: [
          {
            timestamp: '1:02:03',
            point_of_interest: 'Budget',
            start_ms: null,
            quotes: [
              { text: 'roughly what was said', speaker: 'Mayor', verification_status: 'paraphrased', start_ms: 3_723_000 },
              { text: 'never said', speaker: '', verification_status: 'unverified', start_ms: null },
            ],
          },
        ],
        action_items: [{ description: 'Sign the contract', responsible_party: 'City manager', due_date: '2026-04-15' }],
        entities: [{ name: 'Fairview', type: 'place', context: '' }],
      },
    };
    const text = describeFileAnalysis(result);
    expect(text).toContain('Transcript: plain-text (no timings: times are estimates)');
    expect(text).toContain('Quotes: 0 verified, 1 paraphrased, 1 unverified');
    expect(text).toContain('  [1:02:03] Budget');
    expect(text).toContain('“roughly what was said” — Mayor  ≈ paraphrased');
    expect(text).toContain('“never said” — unnamed speaker  ✗ unverified');
    expect(text).toContain('City manager; due: 2026-04-15');
    expect(text).toContain('  place: Fairview');
  });

  it('refuses a missing file, a directory and a file that is not a transcript', async () => {
    const analyzer = createLocalAnalyzer();
    await expect(analyzeFile({ analyzer }, { file: [path.join(dir, 'missing.vtt')] })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/no such file$/) });
    await expect(analyzeFile({ analyzer }, { file: [dir] })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/is a directory$/) });
    const json = path.join(dir, 'numbers.json');
    await fs.writeFile(json, '[1, 2, 3]');
    await expect(analyzeFile({ analyzer }, { file: [json] })).rejects.toMatchObject({ code: 'BAD_INPUT', message: expect.stringMatching(/^numbers\.json is not a transcript: /) });
  });

  // Through the real launcher: no DATA_DIR is given and none may be created.
  it('prints a verified quote for a VTT file without touching a database', async () => {
    const result = await runCivic(['analyze', '--file', vttFile], { DATA_DIR: path.join(dir, 'data') });
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/✓ verified/);
    // Whether or not this analyzer records decisions, the output says where they stand.
    expect(result.stdout).toMatch(/\n\nDecisions[ :]/);
    await expect(fs.access(path.join(dir, 'data'))).rejects.toThrow();
  }, 60_000);

  it.skipIf(!REAL)('verifies every quote of a real council transcript (--json)', async () => {
    const result = await runCivic(['analyze', '--file', CDP_SENTENCES, '--story', '--json']);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const output = JSON.parse(result.stdout) as FileAnalysis;
    expect(output).toMatchObject({ format: 'cdp-sentences', timed: true });
    const statuses = [
      ...output.analysis.highlights.flatMap((highlight) => highlight.quotes.map((quote) => quote.verification_status)),
      output.story?.sidebar_elements.quote_block?.verification_status,
    ];
    expect(statuses.length).toBeGreaterThan(3);
    expect(new Set(statuses)).toEqual(new Set(['verified']));
  }, 60_000);

  it('reads a UTF-16 transcript with a byte-order mark instead of calling it binary', async () => {
    const analyzer = createLocalAnalyzer();
    const le = path.join(dir, 'notepad-le.vtt');
    await fs.writeFile(le, Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(VTT, 'utf16le')]));
    const fromLe = await analyzeFile({ analyzer }, { file: [le] });
    expect(fromLe.format).toBe('webvtt');
    expect(fromLe.analysis.highlights.length).toBeGreaterThan(0);

    const be = path.join(dir, 'notepad-be.vtt');
    const swapped = Buffer.from(VTT, 'utf16le').swap16();
    await fs.writeFile(be, Buffer.concat([Buffer.from([0xfe, 0xff]), swapped]));
    expect((await analyzeFile({ analyzer }, { file: [be] })).format).toBe('webvtt');
  });

  // ~16 MB of cues (about 190,000, twice what breaks a spread): every count over the input once
  // went through Math.max(...values), which overflows the call stack past ~100k arguments. At
  // 48 MB the test took two minutes alone and timed out on a loaded machine; the size that
  // matters is the number of cues. Generated here, never committed.
  it('analyses a 16 MB WebVTT file of 190,000 cues without overflowing the call stack', async () => {
    const big = path.join(dir, 'long-meeting.vtt');
    const handle = await fs.open(big, 'w');
    const topics = ['parking', 'the library', 'sidewalks', 'water rates', 'the park', 'traffic', 'the budget', 'schools'];
    let bytes = 0;
    let cue = 0;
    await handle.write('WEBVTT\n\n');
    while (bytes < 16_000_000) {
      const lines: string[] = [];
      for (let i = 0; i < 5000; i++, cue++) {
        const at = new Date(cue * 2000).toISOString().slice(11, 23);
        const to = new Date(cue * 2000 + 2000).toISOString().slice(11, 23);
        lines.push(`${at} --> ${to}\nWe heard from neighbours about ${topics[cue % topics.length]!} near street number ${cue}.\n\n`);
      }
      const chunk = lines.join('');
      bytes += chunk.length;
      await handle.write(chunk);
    }
    await handle.close();
    const result = await analyzeFile({ analyzer: createLocalAnalyzer() }, { file: [big] });
    expect(result.format).toBe('webvtt');
    expect(result.analysis.highlights.length).toBeGreaterThan(0);
    expect(cue).toBeGreaterThan(150_000);
    await fs.rm(big);
  }, 300_000);

  it('exits 2 with one line for a file that is not a transcript, and for a usage error', async () => {
    const garbage = path.join(dir, 'garbage.bin');
    await fs.writeFile(garbage, Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7919) % 256)));
    const result = await runCivic(['analyze', '--file', garbage]);
    expect(result.stderr.trim().split('\n')).toEqual(['civic: garbage.bin is not a transcript: the file is binary, not a text transcript']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');

    const both = await runCivic(['analyze', 'fvCC2026a01', '--file', garbage]);
    expect(both.stderr).toMatch(/^error: give a video or --file <transcript>, not both/);
    expect(both.code).toBe(2);
  }, 60_000);
});
