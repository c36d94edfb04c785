import { hashKey, matchesKey, type QueryKey } from './keys.js';
import { Query, type QueryDefaults, type QueryOptions } from './query.js';

export interface DefaultOptions {
  queries?: QueryDefaults;
}

/** Which queries a call is about: those whose key begins with `queryKey`, or that `predicate` picks. */
export interface QueryFilters {
  queryKey?: QueryKey;
  predicate?: (query: { queryKey: QueryKey }) => boolean;
}

/**
 * The cache of server data, by query key. Hooks read it through `useQuery` (use-query.ts); writes
 * (`useMutation`, use-mutation.ts) tell it what changed with `invalidateQueries`, `setQueryData`.
 *
 * Our own instead of TanStack Query, whose ~10 kB gzipped every page paid (issue 25: public pages'
 * JavaScript within 110 kB) while the app used a small part of it: queries cached by key with
 * staleness, one request shared by every asker, retries, the previous key's data while a new
 * one loads, invalidation by key prefix, writes with callbacks. Names and behaviour are
 * TanStack's for that part. Left out: refetch on window focus (which the app turned off),
 * pausing requests while offline, suspense, infinite and parallel queries, devtools.
 */
export class QueryClient {
  readonly defaultOptions: DefaultOptions;
  readonly #queries = new Map<string, Query>();

  constructor({ defaultOptions = {} }: { defaultOptions?: DefaultOptions } = {}) {
    this.defaultOptions = defaultOptions;
  }

  /** The options a query runs with: the client's defaults under the hook's own. */
  withDefaults<T>(options: QueryOptions<T>): QueryOptions<T> {
    return { ...(this.defaultOptions.queries as Partial<QueryOptions<T>>), ...options };
  }

  /** The query of `options.queryKey`, made on first use, holding the options given last. */
  build<T>(options: QueryOptions<T>): Query<T> {
    const hash = hashKey(options.queryKey);
    const query = this.#queries.get(hash) as Query<T> | undefined;
    if (query) {
      query.setOptions(options);
      return query;
    }
    const made = new Query<T>(options.queryKey, hash, options, (gone) => {
      if (this.#queries.get(gone.hash) === gone) this.#queries.delete(gone.hash);
    });
    this.#queries.set(hash, made as Query);
    return made;
  }

  #find({ queryKey, predicate }: QueryFilters): Query[] {
    return [...this.#queries.values()].filter((query) => (!queryKey || matchesKey(query.queryKey, queryKey)) && (!predicate || predicate(query)));
  }

  getQueryData<T>(queryKey: QueryKey): T | undefined {
    return this.#queries.get(hashKey(queryKey))?.state.data as T | undefined;
  }

  /** Puts an answer that came another way (a write answering with the new record) in the cache. */
  setQueryData<T>(queryKey: QueryKey, data: T): void {
    const cached = this.#queries.get(hashKey(queryKey)) as Query<T> | undefined;
    const unfetchable = () => Promise.reject(new Error(`${hashKey(queryKey)} was only ever set, never fetched`));
    (cached ?? this.build<T>(this.withDefaults<T>({ queryKey, queryFn: unfetchable }))).setData(data);
  }

  /**
   * Marks the queries stale; those a page shows are read again at once (a request under way for
   * data already shown starts over), the others when next shown. Resolves once they answered.
   */
  invalidateQueries(filters: QueryFilters): Promise<void> {
    const queries = this.#find(filters);
    for (const query of queries) query.invalidate();
    return Promise.all(queries.filter((query) => query.active).map((query) => query.fetch(true))).then(() => undefined);
  }

  /** Reads again the queries a page wants, or that nobody shows but were read before. */
  refetchQueries(filters: QueryFilters): Promise<void> {
    const wanted = (query: Query) => (query.observers.size ? query.active : query.state.status !== 'pending');
    return Promise.all(this.#find(filters).filter(wanted).map((query) => query.fetch(true))).then(() => undefined);
  }

  /**
   * Forgets the queries (a request under way is dropped). A page showing one keeps what it shows
   * until it renders again, when it starts afresh: after sign-out, say, once the session changed.
   */
  removeQueries(filters: QueryFilters): void {
    for (const query of this.#find(filters)) {
      this.#queries.delete(query.hash);
      query.destroy();
    }
  }

  /**
   * While the app runs: back online, the stale queries a page shows are read again (their answer
   * may have failed offline). Returns the undo.
   */
  mount(): () => void {
    const onOnline = () => {
      for (const query of this.#queries.values()) if (query.active && query.isStale(query.options.staleTime)) void query.fetch();
    };
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }
}
