import { useCallback, useEffect, useMemo, type AnchorHTMLAttributes, type MouseEvent, type ReactNode, type Ref } from 'react';
import { hrefOf, resolve } from './history.js';
import { useNavigate, useRouterState } from './router.js';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  to: string;
  replace?: boolean;
  ref?: Ref<HTMLAnchorElement>;
}

/** A plain left click stays in the app; a click with a modifier, or to another tab, is the browser's. */
function isPlainClick(event: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return !event.defaultPrevented && event.button === 0 && (!target || target === '_self') && !(event.metaKey || event.altKey || event.ctrlKey || event.shiftKey);
}

/** An <a href> that moves within the app without reloading it. A link to where the reader is replaces the entry. */
export function Link({ to, replace, onClick, target, ...rest }: LinkProps) {
  const { location } = useRouterState();
  const navigate = useNavigate();
  const href = hrefOf(resolve(to, location));
  const follow = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!isPlainClick(event, target)) return;
    event.preventDefault();
    navigate(href, { replace: replace ?? href === hrefOf(location) });
  };
  return <a {...rest} href={href} target={target} onClick={follow} />;
}

export interface NavLinkProps extends Omit<LinkProps, 'className' | 'children'> {
  /** Active only on `to` itself, not on the pages under it. */
  end?: boolean;
  className?: string | ((state: { isActive: boolean }) => string);
  children?: ReactNode;
}

/** A Link that knows whether it leads to the page on screen (aria-current="page"). */
export function NavLink({ to, end = false, className, ...rest }: NavLinkProps) {
  const { location } = useRouterState();
  const path = resolve(to, location).pathname.toLowerCase().replace(/(.)\/$/, '$1');
  const here = location.pathname.toLowerCase().replace(/(.)\/$/, '$1');
  // Under `/` is every page: the home link is active on the home page only.
  const isActive = here === path || (!end && path !== '/' && here.startsWith(`${path}/`));
  return (
    <Link
      {...rest}
      to={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
    />
  );
}

/** Goes to `to` once rendered (a redirect). */
export function Navigate({ to, replace = false }: { to: string; replace?: boolean }) {
  const navigate = useNavigate();
  useEffect(() => navigate(to, { replace }), [navigate, to, replace]);
  return null;
}

/** The query string as URLSearchParams, and a setter that navigates to the new one (`{ replace }` to not add an entry). */
export function useSearchParams(): [
  URLSearchParams,
  (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options?: { replace?: boolean }) => void,
] {
  const { location, history } = useRouterState();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const set = useCallback(
    (next: URLSearchParams | ((current: URLSearchParams) => URLSearchParams), options: { replace?: boolean } = {}) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(history.location.search)) : next;
      history.navigate(`?${value.toString()}`, options);
    },
    [history],
  );
  return [params, set];
}
