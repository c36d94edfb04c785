import { PostgresDialect, sql, type DatabaseIntrospector, type DatabaseMetadataOptions, type Kysely, type SchemaMetadata, type TableMetadata } from 'kysely';

// Kysely's own bookkeeping tables, hidden unless asked for (as Kysely's introspectors do).
const KYSELY_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/**
 * Kysely's PostgreSQL introspector reads every schema of the database and, per column, asks the
 * server about that schema's privileges and sequences: a schema another client drops meanwhile
 * (test files beside each other, another application on a shared server) fails it with 3F000 or
 * 42P01. Its one reader here is the migrator, which asks only whether its own tables exist in
 * the schema we work in: this reads that schema alone, table names without their columns.
 */
export class CurrentSchemaIntrospector implements DatabaseIntrospector {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- introspection sees any database
  constructor(private readonly db: Kysely<any>) {}

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`select nspname as name from pg_catalog.pg_namespace`.execute(this.db);
    return rows;
  }

  async getTables(options: DatabaseMetadataOptions = { withInternalKyselyTables: false }): Promise<TableMetadata[]> {
    const { rows } = await sql<{ name: string; schema: string; kind: string }>`
      select c.relname as name, ns.nspname as schema, c.relkind as kind
      from pg_catalog.pg_class c join pg_catalog.pg_namespace ns on ns.oid = c.relnamespace
      where ns.nspname = current_schema() and c.relkind in ('r', 'v', 'p')
      order by c.relname`.execute(this.db);
    return rows
      .filter((row) => options.withInternalKyselyTables || !KYSELY_TABLES.includes(row.name))
      .map((row) => ({ name: row.name, schema: row.schema, isView: row.kind === 'v', columns: [] }));
  }

  async getMetadata(options?: DatabaseMetadataOptions) {
    return { tables: await this.getTables(options) };
  }
}

/** PostgreSQL through `pg`, introspecting the current schema only. */
export class CurrentSchemaPostgresDialect extends PostgresDialect {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- as PostgresDialect's own signature
  override createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new CurrentSchemaIntrospector(db);
  }
}
