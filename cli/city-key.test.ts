import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../core/index.js';
import { buildCity, buildVideo } from '../core/testing/builders.js';
import { createTestCore, testDb } from '../core/testing/test-core.js';
import { TEST_ENGINES } from '../core/testing/test-database.js';
import { removeCity, showCity, updateCity } from './commands/city.js';
import { ingestCity } from './commands/ingest.js';
import { buildReport } from './commands/report.js';
import { captureOutput } from './testing/capture-output.js';

// Every --city (and city key argument) takes the key in any letter case, and a near miss names the key meant.
describe.each(TEST_ENGINES)('city keys as the operator types them, on %s', (engine) => {
  let core: Core;
  beforeEach(async () => {
    core = await createTestCore(engine);
    await buildCity(testDb(core), { name: 'Fairview', state: 'CA', location_key: 'fairview-ca', status: 'Live' });
    await buildCity(testDb(core), { name: 'Riverton', state: 'OR', location_key: 'riverton-or', status: 'Live' });
  });
  afterEach(async () => {
    await core.close();
  });

  it('finds the city whatever the letter case in city show, update and remove, report and ingest', async () => {
    expect((await showCity(core, 'Fairview-CA')).city.location_key).toBe('fairview-ca');
    expect((await updateCity(core, 'FAIRVIEW-CA', { tagLine: 'Foothill town' })).tag_line).toBe('Foothill town');
    expect((await buildReport(core, { city: 'Riverton-OR' })).cities.map((entry) => entry.city.location_key)).toEqual(['riverton-or']);

    const city = await core.cities.showCity('fairview-ca');
    await buildVideo(testDb(core), city.city.id, { title: 'Council, March 3' });
    const output = captureOutput();
    try {
      expect(await ingestCity(core, { city: 'Fairview-Ca', json: true, stages: ['transcript'], dryRun: true })).toBe(0);
    } finally {
      output.restore();
    }
    expect(JSON.parse(output.stdout())).toMatchObject({ cities: ['fairview-ca'] });

    await removeCity(core, 'RIVERTON-OR', { yes: true });
    expect((await core.cities.listCities()).map((entry) => entry.location_key)).toEqual(['fairview-ca']);
  });

  it.each([
    ['fairview', 'did you mean "fairview-ca"? '],
    ['fairvew-ca', 'did you mean "fairview-ca"? '],
    ['springfield-il', ''],
  ])('refuses the unknown key %s in one line naming the nearest key, changing nothing', async (typed, hint) => {
    const message = `Unknown city "${typed}" (${hint}civic city list shows the cities)`;
    await expect(showCity(core, typed)).rejects.toMatchObject({ code: 'NOT_FOUND', message });
    await expect(buildReport(core, { city: typed })).rejects.toMatchObject({ message });
    await expect(ingestCity(core, { city: typed, json: true })).rejects.toMatchObject({ message });
    await expect(removeCity(core, typed, { yes: true })).rejects.toMatchObject({ message });
    expect(await testDb(core).selectFrom('pipeline_runs').select('id').execute()).toEqual([]);
    expect(await core.cities.listCities()).toHaveLength(2);
  });
});
