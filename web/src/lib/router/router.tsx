import {
  Component,
  createContext,
  Suspense,
  use,
  useEffect,
  useMemo,
  useState,
  useTransition,
  type ComponentType,
  type ErrorInfo,
  type ReactNode,
} from 'react';
import type { Action, History, Location, NavigateOptions } from './history.js';
import { matchRoutes, type Params } from './match.js';
import { rememberScroll } from './scroll-positions.js';

/**
 * The site's router: the address, the page it names and the links between pages. Written for
 * this app instead of react-router's data router, whose ~31 kB gzipped every page paid while
 * it used no loader or action (issue 25: public pages' JavaScript within 110 kB). Pages load
 * lazily, the page on screen stays while the next one's code arrives (a transition), a page
 * that throws shows the error element inside the chrome.
 */
export interface RouteDefinition {
  path: string;
  /** The page; lazy (see `lazyPage`) for everything but tests. */
  Component?: ComponentType;
  element?: ReactNode;
}

export interface RouterState {
  history: History;
  location: Location;
  action: Action;
  params: Params;
  /** True while the next page's code loads (the old page is still on screen). */
  pending: boolean;
}

const RouterContext = createContext<RouterState | null>(null);
const OutletContext = createContext<ReactNode>(null);

export function useRouterState(): RouterState {
  const state = use(RouterContext);
  if (!state) throw new Error('This component must be inside the Router');
  return state;
}

export const useLocation = () => useRouterState().location;
export const useParams = <P extends Params = Params>() => useRouterState().params as Partial<P>;

/** `navigate('/x')`, `navigate('/x', { replace: true })`, `navigate(-1)`. */
export function useNavigate(): (to: string | number, options?: NavigateOptions) => void {
  const { history } = useRouterState();
  return useMemo(() => (to, options) => (typeof to === 'number' ? history.go(to) : history.navigate(to, options)), [history]);
}

/** The matched page, where the layout puts it. */
export function Outlet() {
  return use(OutletContext);
}

interface BoundaryProps {
  fallback: ReactNode;
  /** A new address clears the error: the reader moved on. */
  location: Location;
  children: ReactNode;
}

class PageErrorBoundary extends Component<BoundaryProps, { error: unknown; at: Location | null }> {
  override state = { error: null as unknown, at: null as Location | null };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: { error: unknown; at: Location | null }) {
    return state.at !== props.location ? { error: state.at ? null : state.error, at: props.location } : null;
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override render() {
    return this.state.error ? this.props.fallback : this.props.children;
  }
}

export interface RouterProps {
  history: History;
  routes: readonly RouteDefinition[];
  /** The chrome around every page; it places the page with <Outlet />. */
  layout?: ComponentType;
  /** Shown inside the layout when a page throws or its code cannot load. */
  errorElement?: ReactNode;
  /** Shown while the first page's code loads. */
  fallback?: ReactNode;
}

export function Router({ history, routes, layout: Layout = Outlet, errorElement = null, fallback = null }: RouterProps) {
  const [{ location, action }, setAddress] = useState(() => ({ location: history.location, action: history.action }));
  const [pending, startTransition] = useTransition();

  useEffect(() => {
    const sync = () => startTransition(() => setAddress({ location: history.location, action: history.action }));
    // A page may have navigated before this listener was there (a <Navigate> on the first render).
    if (history.location !== location) sync();
    return history.listen(() => {
      rememberScroll(location.key);
      sync();
    });
  }, [history, location]);

  const match = useMemo(() => matchRoutes(routes, location.pathname), [routes, location.pathname]);
  const state = useMemo<RouterState>(
    () => ({ history, location, action, params: match?.params ?? {}, pending }),
    [history, location, action, match, pending],
  );
  const Page = match?.route.Component;
  const page = (
    <PageErrorBoundary fallback={errorElement} location={location}>
      <Suspense fallback={fallback}>{Page ? <Page /> : (match?.route.element ?? null)}</Suspense>
    </PageErrorBoundary>
  );
  return (
    <RouterContext value={state}>
      <OutletContext value={page}>
        <Layout />
      </OutletContext>
    </RouterContext>
  );
}
