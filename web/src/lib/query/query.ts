import { replaceEqualDeep, type QueryKey } from './keys.js';

export interface QueryState<T> {
  data: T | undefined;
  error: Error | null;
  /** 'pending' until the first answer (or again when asked anew without one). */
  status: 'pending' | 'success' | 'error';
  /** A request (or its retries) is under way. */
  fetching: boolean;
  dataUpdatedAt: number;
  /** Changes with each failure: what tells one failure's toast from the next (use-error-toast.ts). */
  errorUpdatedAt: number;
  /** Marked stale by invalidateQueries or a failure: read again at the next chance. */
  invalidated: boolean;
}

/** `failureCount` counts the failures before this one: 0 the first time. */
type Retry = boolean | number | ((failureCount: number, error: Error) => boolean);

export interface QueryOptions<T> {
  queryKey: QueryKey;
  /** Gets the data; `signal` aborts when nobody waits for the answer any more. Must not answer undefined. */
  queryFn: (context: { signal: AbortSignal; queryKey: QueryKey }) => Promise<T>;
  /** false: never asked for on its own (refetch() still asks). */
  enabled?: boolean;
  /** How long an answer is fresh (ms): a page that shows it within that time does not ask again. */
  staleTime?: number;
  /** How long an answer nobody shows is kept (ms); Infinity: for ever. */
  gcTime?: number;
  retry?: Retry;
  /** Wait before retry number `failureCount + 1` (ms). */
  retryDelay?: number | ((failureCount: number, error: Error) => number);
  /** What to show while a new key's first answer is on its way, from the last data shown (keepPreviousData). */
  placeholderData?: (previous: T | undefined) => T | undefined;
}

export type QueryDefaults = Partial<Omit<QueryOptions<unknown>, 'queryKey' | 'queryFn' | 'placeholderData'>>;

/** A hook showing the query; `enabled` says whether it wants it fetched. */
export interface QueryObserver {
  enabled: boolean;
  notify: () => void;
}

interface Fetch<T> {
  promise: Promise<void>;
  controller: AbortController;
  /** The state before it started: what an abandoned request goes back to. */
  before: QueryState<T>;
}

const initialState: QueryState<never> = {
  data: undefined,
  error: null,
  status: 'pending',
  fetching: false,
  dataUpdatedAt: 0,
  errorUpdatedAt: 0,
  invalidated: false,
};

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function shouldRetry(retry: Retry | undefined, failureCount: number, error: Error): boolean {
  if (typeof retry === 'function') return retry(failureCount, error);
  return retry === true || (typeof retry === 'number' && failureCount < retry);
}

/**
 * One cached query: its answer, whether it is being asked, who shows it. One request at a time
 * (a second asker shares the first's), retried as the options say; removed `gcTime` after the
 * last page showing it left. The hook reads `state`, replaced (never changed) at every change.
 */
export class Query<T = unknown> {
  state: QueryState<T> = initialState;
  readonly observers = new Set<QueryObserver>();
  #fetch: Fetch<T> | undefined;
  #gcTimer: ReturnType<typeof setTimeout> | undefined;
  #gcTime = 0;

  constructor(
    readonly queryKey: QueryKey,
    readonly hash: string,
    public options: QueryOptions<T>,
    private readonly remove: (query: Query<T>) => void,
  ) {
    this.setOptions(options);
  }

  /** The latest options a hook gave; the longest gcTime ever given wins. */
  setOptions(options: QueryOptions<T>): void {
    this.options = options;
    this.#gcTime = Math.max(this.#gcTime, options.gcTime ?? 0);
  }

  /** Some hook wants it fetched: invalidation reads such queries again at once. */
  get active(): boolean {
    return [...this.observers].some((observer) => observer.enabled);
  }

  isStale(staleTime = 0): boolean {
    return this.state.data === undefined || this.state.invalidated || Date.now() >= this.state.dataUpdatedAt + staleTime;
  }

  observe(observer: QueryObserver): () => void {
    this.observers.add(observer);
    clearTimeout(this.#gcTimer);
    return () => {
      this.observers.delete(observer);
      if (this.observers.size) return;
      // Nobody waits for the answer: the request is aborted and the query is as it was before.
      const abandoned = this.#fetch;
      this.#cancel();
      if (abandoned) this.#set({ ...abandoned.before, fetching: false });
      this.#scheduleGc();
    };
  }

  /**
   * Asks for the data, or joins the request under way. `restart`: a request under way for data
   * already shown is dropped and asked anew (its answer may predate the change being read).
   * Never rejects: a failure becomes the state.
   */
  fetch(restart = false): Promise<void> {
    if (this.#fetch && !(restart && this.state.data !== undefined)) return this.#fetch.promise;
    this.#cancel();
    const controller = new AbortController();
    const before = this.state;
    this.#set({ fetching: true, ...(this.state.data === undefined && { status: 'pending', error: null }) });
    const settle = (change: Partial<QueryState<T>>): Promise<void> | undefined => {
      // A request dropped for a newer one leaves the state to it, and its callers wait for it.
      if (this.#fetch?.controller !== controller) return this.#fetch?.promise;
      this.#fetch = undefined;
      this.#set({ ...change, fetching: false });
      this.#scheduleGc();
      return undefined;
    };
    const promise = this.#run(controller.signal).then(
      (data) => settle({ data: replaceEqualDeep(this.state.data, data), dataUpdatedAt: Date.now(), error: null, status: 'success', invalidated: false }),
      (error: unknown) => settle({ error: error as Error, errorUpdatedAt: Date.now(), status: 'error', invalidated: true }),
    );
    this.#fetch = { promise, controller, before };
    return promise;
  }

  async #run(signal: AbortSignal): Promise<T> {
    for (let failures = 0; ; failures++) {
      try {
        const data = await this.options.queryFn({ signal, queryKey: this.queryKey });
        if (data === undefined) throw new Error(`${this.hash} data is undefined`);
        return data;
      } catch (error) {
        const { retry, retryDelay = 0 } = this.options;
        if (signal.aborted || !shouldRetry(retry, failures, error as Error)) throw error;
        await wait(typeof retryDelay === 'function' ? retryDelay(failures, error as Error) : retryDelay);
      }
    }
  }

  /** Data written without asking (an answer that carried it): fresh, shown at once. */
  setData(data: T): void {
    this.#set({ data: replaceEqualDeep(this.state.data, data), dataUpdatedAt: Date.now(), error: null, status: 'success', invalidated: false });
    this.#scheduleGc();
  }

  invalidate(): void {
    if (!this.state.invalidated) this.#set({ invalidated: true });
  }

  /** Drops the request under way (aborting it) without touching the state. */
  #cancel(): void {
    this.#fetch?.controller.abort();
    this.#fetch = undefined;
  }

  /** Removed from the cache: a request under way is dropped. */
  destroy(): void {
    clearTimeout(this.#gcTimer);
    this.#cancel();
  }

  #set(change: Partial<QueryState<T>>): void {
    this.state = { ...this.state, ...change };
    for (const observer of [...this.observers]) observer.notify();
  }

  #scheduleGc(): void {
    clearTimeout(this.#gcTimer);
    if (this.observers.size || this.#fetch || !Number.isFinite(this.#gcTime)) return;
    this.#gcTimer = setTimeout(() => this.remove(this), this.#gcTime);
  }
}
