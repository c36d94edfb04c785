import { useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { Query, QueryObserver, QueryOptions, QueryState } from './query.js';
import { useQueryClient } from './provider.js';

interface QueryResultBase {
  /** A request is under way (the first, a retry by the user, an invalidation). */
  isFetching: boolean;
  /** `data` is the previous key's, shown while this key's first answer comes (keepPreviousData). */
  isPlaceholderData: boolean;
  errorUpdatedAt: number;
  /** Asks again now, whatever the data's age; a request under way for shown data starts over. */
  refetch: () => Promise<void>;
}

/** What `useQuery` gives: narrowing on `isPending` or `isError` types `data` and `error`. */
export type QueryResult<T> = QueryResultBase &
  (
    | { status: 'pending'; isPending: true; isSuccess: false; isError: false; data: undefined; error: null }
    | { status: 'success'; isPending: false; isSuccess: true; isError: false; data: T; error: null }
    // A failure before any answer, then a failure to read an answer again (kept on show).
    | { status: 'error'; isPending: false; isSuccess: false; isError: true; data: undefined; error: Error }
    | { status: 'error'; isPending: false; isSuccess: false; isError: true; data: T; error: Error }
  );

/** Types a query's options where they are written (so `data`'s type comes from `queryFn`). */
export function queryOptions<T>(options: QueryOptions<T>): QueryOptions<T> {
  return options;
}

/** `placeholderData: keepPreviousData`: the results on screen stay while the next key's come. */
export const keepPreviousData = <T>(previous: T | undefined): T | undefined => previous;

/**
 * The query's state where this hook will ask for it now (it just mounted, changed key or was
 * enabled, and the data is stale): shown as asking from the first render, not as the state
 * before, so a page coming back to a failed query shows it loading rather than the old failure.
 */
function asAsking<T>(state: QueryState<T>): QueryState<T> {
  return { ...state, fetching: true, ...(state.data === undefined && { status: 'pending' as const, error: null }) };
}

/**
 * Server data for a component: from the cache, asked for when missing or stale (on mount, on a
 * new key, when enabled), re-rendered at each change of the query.
 */
export function useQuery<T>(options: QueryOptions<T>): QueryResult<T> {
  const client = useQueryClient();
  const settings = client.withDefaults(options);
  const query = client.build(settings);
  const enabled = settings.enabled !== false;
  const staleTime = settings.staleTime ?? 0;

  const [observer] = useState<QueryObserver>(() => ({ enabled, notify: () => undefined }));
  const subscribe = useCallback(
    (notify: () => void) => {
      observer.notify = notify;
      return query.observe(observer);
    },
    [query, observer],
  );
  const state = useSyncExternalStore(subscribe, () => query.state, () => query.state);

  // What this hook last committed to: a fetch is due when the query or `enabled` changed since.
  const shown = useRef<{ query: Query<T>; enabled: boolean } | null>(null);
  const due = (current: { query: Query<T>; enabled: boolean } | null) =>
    enabled && (current?.query !== query || !current.enabled) && query.isStale(staleTime);
  const asking = due(shown.current);
  useEffect(() => {
    observer.enabled = enabled;
    const fetchNow = due(shown.current);
    shown.current = { query, enabled };
    if (fetchNow) void query.fetch();
  }, [query, enabled, staleTime, observer]); // what `due` reads

  // The last data this hook showed that was not a placeholder: keepPreviousData's `previous`.
  const lastData = useRef<T | undefined>(undefined);
  useEffect(() => {
    if (state.data !== undefined) lastData.current = state.data;
  }, [state.data]);

  const refetch = useCallback(() => query.fetch(true), [query]);
  const view = asking ? asAsking(state) : state;
  const placeholder = view.status === 'pending' && settings.placeholderData ? settings.placeholderData(lastData.current) : undefined;
  return useMemo(() => {
    const status = placeholder === undefined ? view.status : 'success';
    return {
      status,
      isPending: status === 'pending',
      isSuccess: status === 'success',
      isError: status === 'error',
      data: placeholder ?? view.data,
      error: view.error,
      isFetching: view.fetching,
      isPlaceholderData: placeholder !== undefined,
      errorUpdatedAt: view.errorUpdatedAt,
      refetch,
    } as QueryResult<T>;
  }, [state, asking, placeholder, refetch]); // `view` is new at each render while `asking`: its parts
}
