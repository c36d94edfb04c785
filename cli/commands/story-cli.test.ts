import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { NewsroomView } from '../../core/domain/newsroom.js';
import { runCivic } from '../testing/run-civic.js';

const VIDEO = 'fvCC2026a01';
const EDITOR = 'editor@fairview.example';

// Through the real launcher, as an operator runs it: `civic story <video>` still writes the story,
// and the newsroom's commands answer with one line and an exit code.
describe('civic story (child process)', () => {
  let dataDir: string;
  const env = (more: Record<string, string> = {}) => ({ DATA_DIR: dataDir, ...more });
  const show = async (): Promise<NewsroomView> => JSON.parse((await runCivic(['story', 'show', VIDEO, '--json'], env())).stdout) as NewsroomView;

  beforeAll(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'civic-story-cli-'));
    expect((await runCivic(['db', 'seed'], env())).code).toBe(0);
    expect((await runCivic(['ingest', '--city', 'fairview-ca', '--stages', 'discover', '--json'], env())).code).toBe(0);
    expect((await runCivic(['transcript', VIDEO], env())).code).toBe(0);
    expect((await runCivic(['analyze', VIDEO], env())).code).toBe(0);
    expect((await runCivic(['user', 'add', '--email', EDITOR, '--admin'], env())).code).toBe(0);
  }, 180_000);
  afterAll(async () => {
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('writes the story with civic story <video>, as before the newsroom commands', async () => {
    const written = await runCivic(['story', VIDEO, '--json'], env());
    expect(written.code).toBe(0);
    expect(JSON.parse(written.stdout)).toMatchObject({ stages: { story: { done: 1 }, verify: { done: 1 } }, failures: [] });
    expect(JSON.parse((await runCivic(['story', 'write', VIDEO, '--json'], env())).stdout)).toMatchObject({ stages: { story: { skipped: 1 } } });
    expect(await show()).toMatchObject({ state: 'published', video: { video_id: VIDEO } });
  }, 60_000);

  it('lists its commands for civic story --help and for a bare civic story (exit 2)', async () => {
    const help = await runCivic(['story', '--help'], env());
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/^Usage: civic story <video> \| <command> \[options\]/);
    for (const command of ['write', 'show', 'edit', 'decision', 'approve', 'correct', 'drafts']) expect(help.stdout).toMatch(new RegExp(`\\n  ${command} `));
    const bare = await runCivic(['story'], env());
    expect(bare.code).toBe(2);
    expect(bare.stderr).toMatch(/^Usage: civic story <video>/);
  }, 60_000);

  it('refuses a quote not in the transcript, an unknown video, a member as editor and a bad decision number, changing nothing', async () => {
    const before = await show();
    const quote = await runCivic(['story', 'edit', VIDEO, '--quote', 'We will lower every tax by half', '--attribution', 'Mayor', '--as', EDITOR], env());
    expect({ code: quote.code, stdout: quote.stdout }).toEqual({ code: 2, stdout: '' });
    expect(quote.stderr).toBe(
      'civic: The quote is not in the transcript word for word: "We will lower every tax by half". Quote the meeting exactly, or put the words in the story as prose.\n',
    );
    const unknown = await runCivic(['story', 'approve', 'nope', '--as', EDITOR], env());
    expect({ code: unknown.code, stderr: unknown.stderr }).toEqual({ code: 2, stderr: 'civic: Unknown video "nope" (civic video show --city <key> lists a city\'s videos)\n' });
    const nobody = await runCivic(['story', 'correct', VIDEO, '--note', 'x'], env({ CIVIC_EDITOR: 'nobody@fairview.example' }));
    expect(nobody.code).toBe(2);
    expect(nobody.stderr).toMatch(/^civic: No account "nobody@fairview.example"/);
    const zero = await runCivic(['story', 'decision', VIDEO, '0', '--outcome', 'failed', '--as', EDITOR], env());
    expect(zero.code).toBe(2);
    expect(zero.stderr).toMatch(/^error: command-argument value '0' is invalid for argument 'n'/);
    expect(await show()).toEqual(before);
  }, 120_000);

  it('edits as CIVIC_EDITOR and shows who changed what', async () => {
    const edited = await runCivic(['story', 'edit', VIDEO, '--headline', 'Council advances 410 Main Street rezoning'], env({ CIVIC_EDITOR: EDITOR }));
    expect({ code: edited.code, stderr: edited.stderr }).toEqual({ code: 0, stderr: '' });
    expect(edited.stdout).toMatch(/^Saved the published story of ".+" \(fvCC2026a01\) as editor@fairview.example: headline; readers see it now\n$/);
    const shown = await runCivic(['story', 'show', VIDEO], env());
    expect(shown.stdout).toContain('Headline:     Council advances 410 Main Street rezoning\n');
    expect(shown.stdout).toMatch(/History \(2\), newest first\n {2}\d{4}-\d\d-\d\d \d\d:\d\d UTC {2}editor@fairview.example edited the published story:\s+headline\n/);
    expect((await show()).revisions[0]).toMatchObject({ author: EDITOR, changed: ['headline'] });
  }, 60_000);
});
