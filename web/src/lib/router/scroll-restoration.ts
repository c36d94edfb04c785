import { useEffect, useLayoutEffect } from 'react';
import { useRouterState } from './router.js';
import { positions, rememberScroll, STORAGE_KEY } from './scroll-positions.js';

/**
 * Scroll like a multi-page site: a new page starts at the top (or at its #hash), going back or
 * forward (or reloading) returns to where the reader was on that entry. Positions are kept per
 * history entry for the tab's life (sessionStorage), as react-router's ScrollRestoration did.
 */
export function ScrollRestoration() {
  const { location, action } = useRouterState();

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const save = () => {
      rememberScroll(location.key);
      try {
        sessionStorage.setItem(STORAGE_KEY, JSON.stringify(positions));
      } catch {
        // Storage full or refused: positions are then kept for this page's life only.
      }
    };
    window.addEventListener('pagehide', save);
    return () => window.removeEventListener('pagehide', save);
  }, [location.key]);

  // Nothing is returned from here: newer browsers' scroll methods return a promise, which React
  // would take for a cleanup function.
  useLayoutEffect(() => {
    const saved = positions[location.key];
    const target = location.hash && document.getElementById(decodeURIComponent(location.hash.slice(1)));
    if (action === 'POP' && saved !== undefined) window.scrollTo(0, saved);
    else if (target) target.scrollIntoView();
    else if (action !== 'POP' && !location.preventScrollReset) window.scrollTo(0, 0);
  }, [location, action]);

  return null;
}
