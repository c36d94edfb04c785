import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { createMemoryHistory, Link, Navigate, NavLink, Outlet, Router, ScrollRestoration, useParams, useSearchParams, type RouteDefinition } from './index.js';
import { matchRoutes } from './match.js';

describe('matchRoutes', () => {
  const routes = [{ path: '*' }, { path: '/city/:locationKey' }, { path: '/city/:locationKey/search' }, { path: '/admin/proto/pricing' }, { path: '/admin/proto/:x' }];

  it('prefers static segments, decodes params, ignores case and a trailing slash, and falls back to *', () => {
    expect(matchRoutes(routes, '/city/fair%20view')).toEqual({ route: routes[1], params: { locationKey: 'fair view' } });
    expect(matchRoutes(routes, '/City/x/Search/')?.route).toBe(routes[2]);
    expect(matchRoutes(routes, '/admin/proto/pricing')?.route).toBe(routes[3]);
    expect(matchRoutes(routes, '/city/%E0%A4%A/search')?.params).toEqual({ locationKey: '%E0%A4%A' });
    expect(matchRoutes(routes, '/nowhere/at/all')?.route).toBe(routes[0]);
    expect(matchRoutes(routes.slice(1), '/nowhere')).toBeNull();
  });
});

function CityPage() {
  const { locationKey } = useParams();
  const [params, setParams] = useSearchParams();
  return (
    <div>
      <h1>City {locationKey}</h1>
      <p>q={params.get('q') ?? ''}</p>
      <button onClick={() => setParams((current) => (current.delete('q'), current), { replace: true })}>Clear</button>
    </div>
  );
}

function Chrome() {
  return (
    <>
      <nav>
        <NavLink to="/city/a" className={({ isActive }) => (isActive ? 'on' : 'off')}>A</NavLink>
        <NavLink to="/" end>Home</NavLink>
        <Link to="/city/b?q=x">B</Link>
      </nav>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}

function Broken(): never {
  throw new Error('broken page');
}

const routes: RouteDefinition[] = [
  { path: '/', element: <h1>Home</h1> },
  { path: '/city/:locationKey', Component: CityPage },
  { path: '/go-home', element: <Navigate to="/" replace /> },
  { path: '/broken', Component: Broken },
];

function renderAt(path: string) {
  const history = createMemoryHistory([path]);
  render(<Router history={history} routes={routes} layout={Chrome} errorElement={<h1>Something went wrong</h1>} />);
  return history;
}

describe('Router', () => {
  it('follows a plain click in the app, marks the current link, and leaves modified clicks to the browser', async () => {
    const history = renderAt('/city/a');
    expect(screen.getByRole('heading').textContent).toBe('City a');
    expect(screen.getByRole('link', { name: 'A' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('link', { name: 'A' }).className).toBe('on');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('aria-current')).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'B' }), { ctrlKey: true });
    expect(history.location.pathname).toBe('/city/a');
    fireEvent.click(screen.getByRole('link', { name: 'B' }));
    expect(await screen.findByRole('heading', { name: 'City b' })).toBeTruthy();
    expect(screen.getByText('q=x')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A' }).className).toBe('off');
  });

  it('sets the query string in place, and an empty one leaves no "?"', async () => {
    const history = renderAt('/city/a?q=budget');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('q=')).toBeTruthy();
    expect(history.location.search).toBe('');
    expect(history.action).toBe('REPLACE');
  });

  it('redirects with <Navigate>', async () => {
    const history = renderAt('/go-home');
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(history.location.pathname).toBe('/');
  });

  it('shows the error element inside the chrome for a page that throws, and the next page once the reader moves on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const history = renderAt('/broken');
    expect(screen.getByRole('heading', { name: 'Something went wrong' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'A' })).toBeTruthy();
    act(() => history.navigate('/city/a'));
    expect(await screen.findByRole('heading', { name: 'City a' })).toBeTruthy();
  });

  it('starts a new page at the top and returns to the position of an entry on back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    const history = renderAt('/city/a');
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    act(() => history.navigate('/city/b'));
    await screen.findByRole('heading', { name: 'City b' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 0);
    act(() => history.go(-1));
    await screen.findByRole('heading', { name: 'City a' });
    expect(scrollTo).toHaveBeenLastCalledWith(0, 640);
    Object.defineProperty(window, 'scrollY', { value: 0, configurable: true });
  });
});

describe('ScrollRestoration in a browser whose scroll methods return promises', () => {
  it('returns to the saved position without taking the promise for a cleanup', async () => {
    vi.spyOn(window, 'scrollTo').mockImplementation((() => Promise.resolve()) as unknown as typeof window.scrollTo);
    const history = renderAt('/city/a');
    act(() => history.navigate('/city/b'));
    await screen.findByRole('heading', { name: 'City b' });
    act(() => history.go(-1));
    expect(await screen.findByRole('heading', { name: 'City a' })).toBeTruthy();
    act(() => history.navigate('/city/b'));
    expect(await screen.findByRole('heading', { name: 'City b' })).toBeTruthy();
  });
});
