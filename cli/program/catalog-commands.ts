import type { Command } from 'commander';
import type { CityFlags } from '../commands/city.js';
import type { SourceAddOptions } from '../commands/source.js';
import { JSON_HELP, load, runPrinting } from './run-printing.js';

/** The city form's optional fields, shared by `city add` and `city update`. */
function withCityFields(command: Command): Command {
  return command
    .option('--state <state>', 'US state: 2-letter code or name (add: required)')
    .option('--key <key>', 'location key for URLs (add: default from name and state, e.g. fairview-ca)')
    .option('--description <text>', 'description shown on the city page')
    .option('--tag-line <text>', 'tag line under the city name')
    .option('--domain <domain>', "the city's web domain")
    .option('--primary-color <#RRGGBB>', 'primary colour (default #3B82F6)')
    .option('--secondary-color <#RRGGBB>', 'secondary colour (default #1E40AF)')
    .option('--icon <icon>', 'icon name or URL')
    .option('--image-url <url>', 'banner image URL')
    .option('--status <status>', 'New, Test, Live or Archive (add: default New)')
    .option('--story-review <mode>', 'review: stories wait for an editor (civic story approve); automatic: published at once (default)')
    .option('--json', JSON_HELP);
}

/** `civic city …` and `civic source …`: the cities and where their meetings are published. */
export function declareCatalogCommands(program: Command): void {
  const city = program.command('city').description('add, list, show, update and remove cities');

  withCityFields(
    city.command('add').description('add a city').option('--name <name>', 'city name (required)').option('--county <county>', 'county (required)'),
  ).action((options: CityFlags) =>
    runPrinting(load.city, (city) => ({ migrate: true, validate: () => city.checkCityAdd(options) }), options, async (city, core) => {
      const created = await city.addCity(core, options);
      return { data: created, human: city.describeCity(created, 'Created') };
    }),
  );

  city
    .command('list')
    .description('list the cities with their source and video counts')
    .option('--status <status>', 'only cities of this status: New, Test, Live or Archive')
    .option('--json', JSON_HELP)
    .action((options: { status?: string; json?: boolean }) =>
      runPrinting(load.city, { migrate: true }, options, async (city, core) => {
        const cities = await city.listCities(core, options);
        return { data: cities, human: city.describeCityList(cities) };
      }),
    );

  city
    .command('show <key>')
    .description("a city's details, sources and how far its videos have come")
    .option('--json', JSON_HELP)
    .action((key: string, options: { json?: boolean }) =>
      runPrinting(load.city, { migrate: true }, options, async (city, core) => {
        const details = await city.showCity(core, key);
        return { data: details, human: city.describeCityDetails(details) };
      }),
    );

  city
    .command('remove <key>')
    .description('remove a city with its videos, transcripts, analyses, stories and the sources only it uses')
    .option('--yes', 'confirm without being asked (for scripts)')
    .option('--json', JSON_HELP)
    .action((key: string, options: { yes?: boolean; json?: boolean }) =>
      runPrinting(() => Promise.all([load.city(), load.confirm()]), { migrate: true }, options, async ([city, { terminalConfirm }], core) => {
        const removed = await city.removeCity(core, key, options, terminalConfirm(options));
        return { data: removed, human: city.describeCityRemoval(removed, 'Removed') };
      }),
    );

  withCityFields(
    city.command('update <key>').description('change fields of a city').option('--name <name>', 'city name').option('--county <county>', 'county'),
  ).action((key: string, options: CityFlags) =>
    runPrinting(load.city, { migrate: true }, options, async (city, core) => {
      const updated = await city.updateCity(core, key, options);
      return { data: updated, human: city.describeCity(updated, 'Updated') };
    }),
  );

  const source = program.command('source').description("add, list and remove a city's source URLs");

  source
    .command('add')
    .description('add a source URL to a city (a YouTube channel, playlist or video for video sources)')
    .requiredOption('--city <key>', "the city's location key")
    .requiredOption('--url <url>', 'the address (fixture:<key> for the offline demo videos)')
    .option('--title <title>', 'a name for the source')
    .option('--source-type <type>', 'city, county, school_district, school, state or other (default city)')
    .option('--content-type <type>', 'site, video, text, file or other (default: video for video-site addresses, else site)')
    .option('--entity-type <type>', 'who publishes it, e.g. City Council (default Unknown)')
    .option('--json', JSON_HELP)
    .action((options: SourceAddOptions) =>
      runPrinting(load.source, { migrate: true }, options, async (source, core) => {
        const added = await source.addSource(core, options);
        return { data: added, human: source.describeAddedSource(added) };
      }),
    );

  source
    .command('list')
    .description("the sources with their video counts and last discovery: a city's, or every city's")
    .option('--city <key>', "only this city's (JSON: its {city, sources} rather than a list of them)")
    .option('--json', JSON_HELP)
    .action((options: { city?: string; json?: boolean }) =>
      runPrinting(load.source, { migrate: true }, options, async (source, core) => {
        if (options.city === undefined) {
          const lists = await source.listAllSources(core);
          return { data: lists, human: source.describeAllSources(lists) };
        }
        const listed = await source.listSources(core, { city: options.city });
        return { data: listed, human: source.describeSourceList(listed) };
      }),
    );

  source
    .command('remove <id-or-url>')
    .description('remove a source, named by its id or its address in any form (its videos stay)')
    .option('--yes', 'confirm the removal')
    .option('--json', JSON_HELP)
    .action((id: string, options: { yes?: boolean; json?: boolean }) =>
      runPrinting(load.source, { migrate: true }, options, async (source, core) => {
        const removed = await source.removeSource(core, id, options);
        return { data: removed, human: source.describeRemovedSource(removed) };
      }),
    );
}
