import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestDatabase, TEST_ENGINES } from '../testing/test-database.js';
import type { Database } from './database.js';

describe.each(TEST_ENGINES)('introspection on %s', (engine) => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("lists the tables of the schema we work in only, Kysely's own when asked", async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    // Another schema of the same database, as a test file beside this one has.
    const elsewhere = sql.id(`elsewhere_${randomBytes(4).toString('hex')}`);
    await sql`create schema ${elsewhere}`.execute(db);
    await sql`create table ${elsewhere}.not_ours (id serial primary key)`.execute(db);
    try {
      const names = (await db.introspection.getTables()).map((table) => table.name);
      expect(names).toContain('city_videos');
      expect(names).not.toContain('not_ours');
      expect(names).not.toContain('kysely_migration');
      const withKysely = (await db.introspection.getTables({ withInternalKyselyTables: true })).map((table) => table.name);
      expect(withKysely).toContain('kysely_migration');
      const [schema] = (await sql<{ name: string }>`select current_schema() as name`.execute(db)).rows;
      expect(new Set((await db.introspection.getTables()).map((table) => table.schema))).toEqual(new Set([schema?.name]));
    } finally {
      await sql`drop schema ${elsewhere} cascade`.execute(db);
    }
  });
});
