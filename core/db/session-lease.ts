import type { PGlite } from '@electric-sql/pglite';
import {
  CompiledQuery,
  PostgresAdapter,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  type QueryResult,
  type TransactionSettings,
} from 'kysely';
import { CurrentSchemaIntrospector } from './current-schema-introspector.js';

/**
 * PGlite has one session. When other processes share it (embedded-server.ts), the session is
 * leased: a holder has it from its first statement until the end of its transaction, so no
 * one else's statement lands inside someone's transaction or between the Parse and the Sync
 * of someone's query. Waiters are served first come, first served.
 */
export class SessionLease {
  private held = false;
  private readonly waiting: (() => void)[] = [];

  async acquire(): Promise<() => void> {
    if (this.held) await new Promise<void>((resolve) => this.waiting.push(resolve));
    this.held = true;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The lease passes straight to the next waiter, so nobody can jump the queue.
      if (next) next();
      else this.held = false;
    };
  }
}

/**
 * Kysely over PGlite where a connection is the lease: a single statement, or a whole
 * transaction (Kysely keeps one connection from begin to commit), runs with nobody between.
 */
export class LeasedPGliteDialect implements Dialect {
  constructor(
    private readonly client: PGlite,
    private readonly lease: SessionLease,
  ) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createDriver(): Driver {
    return new LeasedPGliteDriver(this.client, this.lease);
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  createIntrospector(db: Kysely<any>) {
    return new CurrentSchemaIntrospector(db);
  }
}

class LeasedConnection implements DatabaseConnection {
  constructor(
    private readonly client: PGlite,
    readonly release: () => void,
  ) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const result = await this.client.query<R>(query.sql, [...query.parameters]);
    return result.affectedRows !== undefined && result.affectedRows > 0
      ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
      : { rows: result.rows };
  }

  async *streamQuery<R>(query: CompiledQuery): AsyncIterableIterator<QueryResult<R>> {
    yield await this.executeQuery<R>(query);
  }
}

class LeasedPGliteDriver implements Driver {
  constructor(
    private readonly client: PGlite,
    private readonly lease: SessionLease,
  ) {}

  async init(): Promise<void> {}

  async acquireConnection(): Promise<DatabaseConnection> {
    return new LeasedConnection(this.client, await this.lease.acquire());
  }

  async releaseConnection(connection: DatabaseConnection): Promise<void> {
    (connection as LeasedConnection).release();
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings): Promise<void> {
    const isolation = settings.isolationLevel ? ` isolation level ${settings.isolationLevel}` : '';
    await connection.executeQuery(CompiledQuery.raw(`start transaction${isolation}`));
  }

  async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('commit'));
  }

  async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  async destroy(): Promise<void> {}
}
