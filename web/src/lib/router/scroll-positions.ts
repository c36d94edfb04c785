/** Where the reader was on each history entry (scroll-restoration.ts uses them, the router records them). */
export const STORAGE_KEY = 'town-crier-scroll-positions';
export const positions: Record<string, number> = readStored();

function readStored(): Record<string, number> {
  try {
    return JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}') as Record<string, number>;
  } catch {
    return {};
  }
}

/** Called by the router as the reader leaves an entry, before the next page renders. */
export function rememberScroll(key: string): void {
  positions[key] = window.scrollY;
}

