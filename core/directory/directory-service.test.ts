import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Core } from '../index.js';
import { buildCity } from '../testing/builders.js';
import { createTestCore, testDb } from '../testing/test-core.js';
import { TEST_ENGINES } from '../testing/test-database.js';
import type { City, NewBusinessListing } from '../db/schema.js';
import { LETTERS, matchesLetter } from '../domain/directory.js';

function addListing(core: Core, overrides: Partial<NewBusinessListing> & { name: string }) {
  return testDb(core).insertInto('business_listings').values(overrides).returningAll().executeTakeFirstOrThrow();
}

describe.each(TEST_ENGINES)('directory service on %s', (engine) => {
  let core: Core;
  let fairview: City;
  let riverton: City;
  beforeEach(async () => {
    core = await createTestCore(engine);
    fairview = await buildCity(testDb(core), { name: 'Fairview', location_key: 'fairview-ca' });
    riverton = await buildCity(testDb(core), { name: 'Riverton', state: 'OR', location_key: 'riverton-or' });
  });
  afterEach(async () => {
    await core.close();
  });

  it('lists Tier 1, then 2, then 3, then by name, with the city; a city key narrows it', async () => {
    await addListing(core, { name: 'zeta Tools', listing_tier: 'Tier 1', city_id: fairview.id });
    await addListing(core, { name: 'Alpha Bakery', city_id: fairview.id });
    await addListing(core, { name: 'beta Books', listing_tier: 'Tier 2', city_id: riverton.id });
    await addListing(core, { name: 'Acme Pets', listing_tier: 'Tier 1', city_id: fairview.id });
    await addListing(core, { name: 'Unplaced', listing_tier: 'Tier 3' });

    const all = await core.directory.listListings({}, 'public');
    expect(all.map((l) => l.name)).toEqual(['Acme Pets', 'zeta Tools', 'beta Books', 'Alpha Bakery', 'Unplaced']);
    expect(all[2]).toMatchObject({ city_name: 'Riverton', city_state: 'OR', city_location_key: 'riverton-or' });

    const inFairview = await core.directory.listListings({ cityKey: 'fairview-ca' }, 'public');
    expect(inFairview.map((l) => l.name)).toEqual(['Acme Pets', 'zeta Tools', 'Alpha Bakery']);
    expect(await core.directory.listListings({ cityKey: 'nowhere' }, 'public')).toEqual([]);
  });

  it('finds a listing by business key, then by id, else NOT_FOUND', async () => {
    const keyed = await addListing(core, { name: 'Keyed', business_key: 'keyed-shop' });
    const plain = await addListing(core, { name: 'Plain' });
    expect((await core.directory.getListing('keyed-shop', 'public')).id).toBe(keyed.id);
    expect((await core.directory.getListing(plain.id, 'public')).name).toBe('Plain');
    await expect(core.directory.getListing('no-such-key', 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await expect(core.directory.getListing('00000000-0000-4000-8000-000000000000', 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('keeps the listings of a city being set up (New, Test) for staff, like the city itself', async () => {
    const fresh = await buildCity(testDb(core), { name: 'Newtown', location_key: 'newtown-tx', status: 'New' });
    const trial = await buildCity(testDb(core), { name: 'Trial', location_key: 'trial-tx', status: 'Test' });
    const old = await buildCity(testDb(core), { name: 'Oldtown', location_key: 'oldtown-tx', status: 'Archive' });
    await addListing(core, { name: 'Fresh Bakery', business_key: 'fresh-bakery', city_id: fresh.id });
    await addListing(core, { name: 'Trial Books', city_id: trial.id });
    await addListing(core, { name: 'Old Mill', city_id: old.id });
    await addListing(core, { name: 'Main Street Deli', city_id: fairview.id });
    await addListing(core, { name: 'Unplaced' });

    const names = async (filter: { cityKey?: string }, audience: 'public' | 'staff') =>
      (await core.directory.listListings(filter, audience)).map((l) => l.name).sort();
    expect(await names({}, 'public')).toEqual(['Main Street Deli', 'Old Mill', 'Unplaced']);
    expect(await names({}, 'staff')).toEqual(['Fresh Bakery', 'Main Street Deli', 'Old Mill', 'Trial Books', 'Unplaced']);
    expect(await names({ cityKey: 'newtown-tx' }, 'public')).toEqual([]);
    expect(await names({ cityKey: 'newtown-tx' }, 'staff')).toEqual(['Fresh Bakery']);
    await expect(core.directory.getListing('fresh-bakery', 'public')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect((await core.directory.getListing('fresh-bakery', 'staff')).city_status).toBe('New');
  });

  it('pages the admin list 12 at a time with the exact total, by name', async () => {
    for (let i = 0; i < 30; i += 1) await addListing(core, { name: `Shop ${String(i).padStart(2, '0')}`, city_id: i % 2 ? fairview.id : riverton.id });
    const first = await core.directory.listForAdmin({});
    expect(first.total).toBe(30);
    expect(first.rows).toHaveLength(12);
    expect(first.rows[0]?.name).toBe('Shop 00');
    const third = await core.directory.listForAdmin({ page: 3 });
    expect(third.rows.map((r) => r.name)).toEqual(['Shop 24', 'Shop 25', 'Shop 26', 'Shop 27', 'Shop 28', 'Shop 29']);
    expect(third.total).toBe(30);
    const fairviewOnly = await core.directory.listForAdmin({ cityId: fairview.id });
    expect(fairviewOnly.total).toBe(15);
    expect(fairviewOnly.rows.every((r) => r.city_id === fairview.id)).toBe(true);
    expect((await core.directory.listForAdmin({ page: 9 })).rows).toEqual([]);
  });

  it('filters by first letter (0-9 for digits, either case), and by name containing text', async () => {
    for (const name of ['apple Cart', 'Avocado Co', '3 Sisters Bakery', '10 Pin Lanes', 'Banana 100%', 'Big_Box']) await addListing(core, { name });
    expect((await core.directory.listForAdmin({ letter: 'A' })).rows.map((r) => r.name)).toEqual(['apple Cart', 'Avocado Co']);
    expect((await core.directory.listForAdmin({ letter: 'a' })).total).toBe(2);
    expect((await core.directory.listForAdmin({ letter: '0-9' })).rows.map((r) => r.name).sort()).toEqual(['10 Pin Lanes', '3 Sisters Bakery']);
    expect((await core.directory.listForAdmin({ letter: 'All' })).total).toBe(6);
    expect((await core.directory.listForAdmin({ q: 'BAKERY' })).rows.map((r) => r.name)).toEqual(['3 Sisters Bakery']);
    // LIKE wildcards in the text are matched literally.
    expect((await core.directory.listForAdmin({ q: '%' })).rows.map((r) => r.name)).toEqual(['Banana 100%']);
    expect((await core.directory.listForAdmin({ q: '_' })).rows.map((r) => r.name)).toEqual(['Big_Box']);
    expect((await core.directory.listForAdmin({ letter: 'B', q: 'box' })).total).toBe(1);
    await expect(core.directory.listForAdmin({ letter: 'AB' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
  });

  it('files every name under the same letter as the public directory does (issue 28: "Élan Salon" under E in both)', async () => {
    // Accents, compatibility forms, leading blanks of any kind, digits in other scripts, and
    // names under no letter: the admin's SQL and the browser's letterOf must agree on each.
    const names = ['Élan Salon', 'émile Bistro', 'Elm Street Deli', '\u00a0\u3000Östra Café', 'ﬁne Foods', '𝐄xtra Bold Print', 'Ｗide Signs', '①st Stop', '٣ Arabic Digits', '  7 Seas', 'ß Haus', 'Øresund Imports'];
    for (const name of names) await addListing(core, { name });
    expect((await core.directory.listForAdmin({ letter: 'E' })).rows.map((row) => row.name).sort()).toEqual(['Elm Street Deli', 'Élan Salon', 'émile Bistro', '𝐄xtra Bold Print'].sort());
    for (const letter of LETTERS) {
      const admin = await core.directory.listForAdmin({ letter });
      expect(admin.rows.map((row) => row.name).sort(), `letter ${letter}`).toEqual(names.filter((name) => matchesLetter(name, letter)).sort());
    }
  });

  it('updates the edit-dialog fields: website gets https://, blanks clear, tier and name are checked', async () => {
    const listing = await addListing(core, { name: 'Corner Store', telephone: '555-0100' });
    const updated = await core.directory.updateListing(listing.id, {
      name: '  Corner Market ',
      website: 'cornermarket.example',
      telephone: '',
      listing_tier: 'Tier 2',
      email: 'owner@cornermarket.example',
    });
    expect(updated).toMatchObject({ name: 'Corner Market', website: 'https://cornermarket.example', telephone: null, listing_tier: 'Tier 2' });
    await expect(core.directory.updateListing(listing.id, { name: '  ' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(core.directory.updateListing(listing.id, { listing_tier: 'Tier 4' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(core.directory.updateListing(listing.id, { website: 'javascript:alert(1)' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(core.directory.updateListing(listing.id, { image_url: 'data:image/png;base64,AAAA' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(core.directory.updateListing(listing.id, { email: 'not-an-email' })).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(core.directory.updateListing(listing.id, {})).rejects.toMatchObject({ code: 'BAD_INPUT' });
    await expect(core.directory.updateListing('00000000-0000-4000-8000-000000000000', { name: 'X' })).rejects.toMatchObject({ code: 'NOT_FOUND' });
  });

  it('lists all categories', async () => {
    await testDb(core).insertInto('business_categories').values([{ parent_category: 'Food', sub_category: 'Cafes' }, { parent_category: 'Auto', sub_category: 'Repair' }]).execute();
    expect((await core.directory.listCategories()).map((c) => c.parent_category)).toEqual(['Auto', 'Food']);
  });
});
