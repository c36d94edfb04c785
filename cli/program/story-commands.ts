import type { Command } from 'commander';
import type { Core } from '../../core/index.js';
import { DECISION_OUTCOMES, VOTE_KINDS } from '../../core/domain/decisions.js';
import type { ProcessVideoOptions } from '../commands/process-video.js';
import type { EditorFlags, StoryEditOptions } from '../commands/story.js';
import type { DecisionEditFlags } from '../commands/story-input.js';
import { collectRepeated, parseChoice, parsePositiveInt, parseTally } from '../options.js';
import { JSON_HELP, load, runPrinting } from './run-printing.js';

const AS_HELP = 'the admin account (email) the change is recorded as (default: CIVIC_EDITOR)';
const RUN = { migrate: true } as const;

const EDIT_FROM_HELP = `
Fields not named keep their value. The edit goes to the draft while one waits,
otherwise to the published story (readers see it at once). A quote must be the
meeting's words exactly; so must new words in quotation marks in the lede or body.

--from <file> reads JSON with any of these fields, as civic story show <video>
--editable prints them (with "version", a story changed since is refused):
  {"version": "…", "headline": "…", "lede": "…",
   "body": "paragraph\\n\\nparagraph", "quick_facts": ["…"], "background": "…",
   "quote_block": {"quote": "…", "attribution": "…", "context": "…"} or null,
   "next_meeting_date": "…" or null, "follow_up_needed": false,
   "correction_note": "…"}
Flags given with --from win over the file's fields.

  civic story show fvCC2026a01 --editable > story.json   # change story.json, then
  civic story edit fvCC2026a01 --from story.json --as editor@example.org`;

/**
 * `civic story`: writing one video's story (`civic story <video>`, as before issue 24) and the
 * newsroom's commands. `write` is the default subcommand, so an id that is no subcommand's name
 * (ours, a YouTube id or link) runs the story stage as it always did.
 */
export function declareStoryCommands(program: Command, writeStory: (target: string, options: ProcessVideoOptions) => Promise<void>): void {
  const story = program
    .command('story')
    .usage('<video> | <command> [options]')
    .description("write a video's news story (civic story <video>), or read, edit, approve and correct it")
    .addHelpText('after', '\nIn a city whose stories wait for review (civic city update <key> --story-review review)\na written story is a draft until approved: civic story drafts lists them.')
    // Bare `civic story` would reach `write` and complain of a missing video; the commands are more use.
    .hook('preSubcommand', (group, sub) => {
      if (sub.name() === 'write' && group.args.length === 0) group.help({ error: true });
    });

  story
    .command('write <video>', { isDefault: true })
    .description("write one analysed video's news story (the default: civic story <video> does the same)")
    .option('--force', 'write it again although a story is stored')
    .option('--replace-edited', 'with --force: also when a person edited the story (their edits stay in its history)')
    .option('--json', 'JSON logs on stderr and a JSON summary on stdout')
    .action(writeStory);

  story
    .command('show <video>')
    .description('the published story and any draft, the review state, corrections, decisions and the history of changes')
    .option('--editable', 'print the fields civic story edit --from reads (of the draft if one waits), as JSON')
    .option('--json', 'print the editor\'s view (NewsroomView) as JSON')
    .action((target: string, options: { json?: boolean; editable?: boolean }) =>
      runPrinting(load.story, RUN, { json: options.json || options.editable }, async ({ showStory, editableOf }, core) => {
        const shown = await showStory(core, target);
        if (options.editable) return { data: editableOf(shown.view), human: '' };
        const { describeStoryView } = await load.newsroomText();
        return { data: shown.view, human: describeStoryView(shown.view, shown.decisions) };
      }),
    );

  declareStoryEdit(story);
  declareDecisionEdit(story);

  story
    .command('approve <video>')
    .description('publish the draft waiting for review, marked reviewed by you')
    .option('--as <email>', AS_HELP)
    .option('--json', JSON_HELP)
    .action((target: string, options: EditorFlags & { json?: boolean }) => runSaving(options, (story, core) => story.approveStory(core, target, options)));

  story
    .command('correct <video>')
    .description('add a correction note for readers to the published story, changing nothing else')
    .requiredOption('--note <text>', 'the correction note readers see')
    .option('--as <email>', AS_HELP)
    .option('--json', JSON_HELP)
    .action((target: string, options: EditorFlags & { note: string; json?: boolean }) => runSaving(options, (story, core) => story.correctStory(core, target, options)));

  story
    .command('drafts')
    .description('the drafts waiting for review in every city, oldest first')
    .option('--json', JSON_HELP)
    .action((options: { json?: boolean }) =>
      runPrinting(load.story, RUN, options, async ({ listDrafts }, core) => {
        const [drafts, { describeDrafts }] = await Promise.all([listDrafts(core), load.newsroomText()]);
        return { data: drafts, human: describeDrafts(drafts) };
      }),
    );
}

type StoryModule = Awaited<ReturnType<typeof load.story>>;

/** A change: the view after it as JSON, or one line saying what was saved. */
function runSaving(options: { json?: boolean }, save: (story: StoryModule, core: Core) => ReturnType<StoryModule['approveStory']>): Promise<void> {
  return runPrinting(load.story, RUN, options, async (story, core) => {
    const [view, { describeSaved }] = await Promise.all([save(story, core), load.newsroomText()]);
    return { data: view, human: describeSaved(view) };
  });
}

function declareStoryEdit(story: Command): void {
  story
    .command('edit <video>')
    .description("change the story's fields: the draft while one waits, otherwise the published story")
    .option('--headline <text>', 'the headline')
    .option('--lede <text>', 'the first paragraph')
    .option('--body <text>', 'the paragraphs after the lede, a blank line between them')
    .option('--body-file <path>', 'the same from a file (- reads stdin)')
    .option('--fact <text>', 'a quick fact; repeat it for each (replaces them all)', collectRepeated)
    .option('--background <text>', 'the background paragraph')
    .option('--quote <words>', "a new quote: the meeting's words exactly (needs --attribution)")
    .option('--attribution <name>', 'who said the quote')
    .option('--quote-context <text>', 'when and why it was said')
    .option('--no-quote', 'remove the quote')
    .option('--next-meeting <text>', 'the next meeting ("" when not announced)')
    .option('--follow-up', 'mark the story as needing a follow-up')
    .option('--no-follow-up', 'no follow-up needed')
    .option('--correction-note <text>', 'a note for readers about what changed (published stories only)')
    .option('--from <file>', 'the fields from a JSON file (see below)')
    .option('--as <email>', AS_HELP)
    .option('--json', JSON_HELP)
    .addHelpText('after', EDIT_FROM_HELP)
    .action(async (target: string, options: StoryEditOptions & { json?: boolean }, command: Command) => {
      const problem = (await load.storyInput()).storyEditUsageProblem(options);
      if (problem) return command.error(`error: ${problem}`);
      return runSaving(options, (story, core) => story.editStory(core, target, options));
    });
}

function declareDecisionEdit(story: Command): void {
  story
    .command('decision')
    .description('correct one decision of the meeting; the words heard stay as they are')
    .argument('<video>', 'our id, the YouTube id or a link')
    .argument('<n>', 'the decision\'s number as civic story show lists them (1, 2, …)', parsePositiveInt(1000))
    .option('--outcome <outcome>', DECISION_OUTCOMES.join(', '), parseChoice(DECISION_OUTCOMES))
    .option('--tally <count>', 'yes-no[-abstain[-absent]], e.g. 5-4 or 5-3-1-0; none for no count', parseTally)
    .option('--item <text>', 'the matter voted on ("" for none)')
    .option('--item-number <text>', 'as the agenda numbers it, e.g. "Item 7A" ("" for none)')
    .option('--vote-kind <kind>', `${VOTE_KINDS.join(', ')} or none`, parseChoice(VOTE_KINDS, { none: true }))
    .option('--correction-note <text>', 'a note for readers about what changed')
    .option('--as <email>', AS_HELP)
    .option('--json', JSON_HELP)
    .action(async (target: string, n: number, options: EditorFlags & DecisionEditFlags & { json?: boolean }, command: Command) => {
      const problem = (await load.storyInput()).decisionEditUsageProblem(options);
      if (problem) return command.error(`error: ${problem}`);
      return runSaving(options, (story, core) => story.editDecision(core, target, n, options));
    });
}
