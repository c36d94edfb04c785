import { Outlet, ScrollRestoration, useLocation, useParams, useRouterState } from '@/lib/router/index.js';
import { useAuth } from '@/lib/auth-context.js';
import { paths } from '@/lib/paths.js';
import { Footer } from './footer.js';
import { NavBar } from './nav-bar.js';
import { TopBar } from './top-bar.js';

/** A thin bar at the top while the next page's code or data loads. */
function NavigationProgress() {
  if (!useRouterState().pending) return null;
  return <div aria-hidden="true" className="fixed inset-x-0 top-0 z-50 h-0.5 animate-pulse bg-accent" />;
}

/** The chrome around every page (spec §2): top bar, the members' navigation bar, footer. */
export function RootLayout() {
  const { user } = useAuth();
  const { pathname } = useLocation();
  const { locationKey } = useParams();
  const showNav = Boolean(user) && pathname !== paths.home.href();
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-md focus:bg-white focus:px-4 focus:py-2 focus:shadow"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      <TopBar cityKey={locationKey} />
      {showNav && <NavBar cityKey={locationKey} />}
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
