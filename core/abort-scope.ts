/**
 * A short-lived signal that follows a long-lived one (a worker's or a run's), for one job or
 * one model call. Libraries add abort listeners to the signal they are given and some never
 * remove them (the OpenAI SDK adds one per request), so a worker's signal handed to every
 * call collected listeners without end (MaxListenersExceededWarning, issue 26). Given a scope
 * instead, they collect on a signal dropped when the call ends; and however many scopes are
 * open at once, the long-lived signal carries one listener of ours, removed when the last
 * scope is released.
 */
export interface AbortScope {
  /** Undefined when there was no parent: nothing can abort the work. */
  signal: AbortSignal | undefined;
  /** The work is over: the parent forgets this scope. Safe to call twice. */
  release(): void;
}

interface Followers {
  scopes: Set<AbortController>;
  onAbort: () => void;
}

const followersOf = new WeakMap<AbortSignal, Followers>();

export function abortScope(parent: AbortSignal | undefined): AbortScope {
  if (!parent) return { signal: undefined, release: () => undefined };
  const controller = new AbortController();
  if (parent.aborted) {
    controller.abort(parent.reason);
    return { signal: controller.signal, release: () => undefined };
  }
  let followers = followersOf.get(parent);
  if (!followers) {
    const scopes = new Set<AbortController>();
    const onAbort = () => {
      followersOf.delete(parent);
      for (const scope of scopes) scope.abort(parent.reason);
      scopes.clear();
    };
    followers = { scopes, onAbort };
    followersOf.set(parent, followers);
    parent.addEventListener('abort', onAbort, { once: true });
  }
  const own = followers;
  own.scopes.add(controller);
  return {
    signal: controller.signal,
    release() {
      if (!own.scopes.delete(controller) || own.scopes.size > 0) return;
      parent.removeEventListener('abort', own.onAbort);
      if (followersOf.get(parent) === own) followersOf.delete(parent);
    },
  };
}

/** Runs `work` with a scope of `parent`, released however the work ends. */
export async function withAbortScope<T>(parent: AbortSignal | undefined, work: (signal: AbortSignal | undefined) => Promise<T>): Promise<T> {
  const scope = abortScope(parent);
  try {
    return await work(scope.signal);
  } finally {
    scope.release();
  }
}
