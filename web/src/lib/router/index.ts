/** The app's router (router.tsx says why it is its own): import from here. */
export { createBrowserHistory, createMemoryHistory, type History } from './history.js';
export { Link, Navigate, NavLink, useSearchParams } from './link.js';
export { Outlet, Router, useLocation, useNavigate, useParams, useRouterState, type RouteDefinition } from './router.js';
export { ScrollRestoration } from './scroll-restoration.js';
