/**
 * The address the app shows and how it moves: the browser's own history, or a list in memory for
 * tests. Each entry carries a key (scroll positions are kept per entry) in `history.state`,
 * which other code may keep while changing the address in place (lib/playback.ts does).
 */
export interface Location {
  pathname: string;
  search: string;
  hash: string;
  /** Unique per history entry; "default" for the first page of a visit. */
  key: string;
  /** Set for one navigation: keep the scroll position (search's "load more"). */
  preventScrollReset?: boolean;
}

export type Action = 'POP' | 'PUSH' | 'REPLACE';

export interface NavigateOptions {
  replace?: boolean | undefined;
  preventScrollReset?: boolean | undefined;
}

export interface History {
  readonly location: Location;
  readonly action: Action;
  /** Goes to `to`, resolved against the current address (`?q=x` keeps the path). */
  navigate(to: string, options?: NavigateOptions): void;
  go(delta: number): void;
  listen(listener: () => void): () => void;
}

const createKey = () => Math.random().toString(36).slice(2, 10);

/** `to` as a location, resolved like a link's href against the current one; `?` alone is no search. */
export function resolve(to: string, from: Pick<Location, 'pathname' | 'search'>): Omit<Location, 'key'> {
  const url = new URL(to, `http://app${from.pathname}${from.search}`);
  return { pathname: url.pathname, search: url.search === '?' ? '' : url.search, hash: url.hash === '#' ? '' : url.hash };
}

export const hrefOf = (location: Pick<Location, 'pathname' | 'search' | 'hash'>) => location.pathname + location.search + location.hash;

interface EntryState {
  key?: string;
}

export function createBrowserHistory(): History {
  const listeners = new Set<() => void>();
  let action: Action = 'POP';
  const read = (): Location => {
    const { pathname, search, hash } = window.location;
    return { pathname, search, hash, key: (window.history.state as EntryState | null)?.key ?? 'default' };
  };
  let location = read();
  const changed = (next: Action, extra: Partial<Location> = {}) => {
    action = next;
    location = { ...read(), ...extra };
    for (const listener of listeners) listener();
  };
  window.addEventListener('popstate', () => changed('POP'));
  return {
    get location() {
      return location;
    },
    get action() {
      return action;
    },
    navigate(to, { replace = false, preventScrollReset } = {}) {
      const target = resolve(to, location);
      const state: EntryState = { key: createKey() };
      window.history[replace ? 'replaceState' : 'pushState'](state, '', hrefOf(target));
      changed(replace ? 'REPLACE' : 'PUSH', preventScrollReset ? { preventScrollReset } : {});
    },
    go: (delta) => window.history.go(delta),
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** For tests: starts at the last of `entries`. */
export function createMemoryHistory(entries: string[] = ['/']): History {
  const listeners = new Set<() => void>();
  const stack: Location[] = entries.map((entry, index) => ({ ...resolve(entry, { pathname: '/', search: '' }), key: index ? createKey() : 'default' }));
  let index = stack.length - 1;
  let action: Action = 'POP';
  const notify = () => listeners.forEach((listener) => listener());
  return {
    get location() {
      return stack[index]!;
    },
    get action() {
      return action;
    },
    navigate(to, { replace = false, preventScrollReset } = {}) {
      const next: Location = { ...resolve(to, stack[index]!), key: createKey(), ...(preventScrollReset ? { preventScrollReset } : {}) };
      if (replace) stack[index] = next;
      else stack.splice(++index, stack.length, next);
      action = replace ? 'REPLACE' : 'PUSH';
      notify();
    },
    go(delta) {
      index = Math.min(stack.length - 1, Math.max(0, index + delta));
      action = 'POP';
      notify();
    },
    listen(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
