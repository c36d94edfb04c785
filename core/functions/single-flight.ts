/**
 * One run per key at a time: a caller arriving while a run is in flight gets that run's
 * result (or error) instead of starting a second one. Keys are forgotten once settled.
 */
export function createSingleFlight<T>() {
  const inFlight = new Map<string, Promise<T>>();
  return {
    run(key: string, work: () => Promise<T>): Promise<T> {
      const running = inFlight.get(key);
      if (running) return running;
      const started = work().finally(() => inFlight.delete(key));
      inFlight.set(key, started);
      return started;
    },
    get size() {
      return inFlight.size;
    },
  };
}
