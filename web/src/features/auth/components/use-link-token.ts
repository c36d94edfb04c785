import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from '@/lib/router/index.js';

/**
 * The token of a link from an email (`/auth?confirm=`, `/auth?reset=`), read once and taken out
 * of the address bar at once: a reload must not try a spent link again, and a key to an account
 * has no place in the history. Null when the address has none.
 */
export function useLinkToken(name: string): string | null {
  const [params, setParams] = useSearchParams();
  // Read once: the address bar loses it below, the page goes on with it.
  const [token] = useState(() => params.get(name));
  const cleared = useRef(false);

  useEffect(() => {
    if (token === null || cleared.current) return;
    cleared.current = true;
    setParams(
      (current) => {
        current.delete(name);
        return current;
      },
      { replace: true },
    );
  }, [name, token, setParams]);

  return token;
}
