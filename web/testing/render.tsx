import { QueryClient } from '../src/lib/query/client.js';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { AppProviders } from '../src/app/providers.js';
import { AppRouter } from '../src/app/router.js';
import { createMemoryHistory, Router, type History, type RouteDefinition } from '../src/lib/router/index.js';
import { createFakeApi, type FakeHandler } from './fake-api.js';

export interface RenderOptions {
  /** The URL to start at. */
  path?: string;
  /** Fake server answers by "METHOD /path" (see createFakeApi). */
  api?: Record<string, FakeHandler>;
  /** Other routes next to the element (e.g. a page it navigates to). */
  routes?: RouteDefinition[];
}

function testQueryClient(): QueryClient {
  // No retries: a failing answer should show its error view now, not after 7 s of backoff.
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/** Installs the fake server as the page's fetch (setup.ts restores the real one after each test). */
function stubFetch(handlers: Record<string, FakeHandler> | undefined) {
  const api = createFakeApi(handlers);
  vi.stubGlobal('fetch', vi.fn(api.fetch));
  return api;
}

/** The address as tests read it: `router.state.location.pathname`. */
function routerOf(history: History) {
  return {
    get state() {
      return { location: history.location };
    },
  };
}

/**
 * Renders one element inside the app's providers and a memory router at `path`, against a
 * fake API. Returns Testing Library's queries, a user-event `user`, the fake API and the router.
 */
export function renderWithProviders(element: ReactElement, { path = '/', api: handlers, routes = [] }: RenderOptions = {}) {
  const api = stubFetch(handlers);
  const queryClient = testQueryClient();
  const history = createMemoryHistory([path]);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <Router history={history} routes={[{ path: '*', element }, ...routes]} />
    </AppProviders>,
  );
  return { ...view, user, api, router: routerOf(history), queryClient };
}

/** Renders the whole app (every route, the chrome) at `path` against a fake API. */
export function renderApp({ path = '/', api: handlers }: Omit<RenderOptions, 'routes'> = {}) {
  const api = stubFetch(handlers);
  const queryClient = testQueryClient();
  const history = createMemoryHistory([path]);
  const user = userEvent.setup();
  const view = render(
    <AppProviders queryClient={queryClient}>
      <AppRouter history={history} />
    </AppProviders>,
  );
  return { ...view, user, api, router: routerOf(history), queryClient };
}

/**
 * Types text the fast way (one paste instead of a key event per character): for filling
 * forms. Use `user.type` where the keys themselves are what is tested.
 */
export async function typeInto(user: ReturnType<typeof userEvent.setup>, element: HTMLElement, text: string): Promise<void> {
  await user.click(element);
  await user.paste(text);
}
