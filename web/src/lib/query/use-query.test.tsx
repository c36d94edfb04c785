import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from './client.js';
import { QueryClientProvider } from './provider.js';
import { keepPreviousData, useQuery } from './use-query.js';

function setup() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false, staleTime: 30_000 } } });
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  return { client, wrapper };
}

describe('useQuery', () => {
  it('is pending and fetching from the first render, then has the data', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve(['Fairview']));
    const { result } = renderHook(() => useQuery({ queryKey: ['cities'], queryFn }), { wrapper });
    expect(result.current).toMatchObject({ isPending: true, isFetching: true, data: undefined });
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current).toMatchObject({ data: ['Fairview'], isFetching: false, error: null });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('does not ask again for fresh data when another component shows it', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve(1));
    const first = renderHook(() => useQuery({ queryKey: ['n'], queryFn }), { wrapper });
    await waitFor(() => expect(first.result.current.data).toBe(1));
    const second = renderHook(() => useQuery({ queryKey: ['n'], queryFn }), { wrapper });
    expect(second.result.current).toMatchObject({ data: 1, isFetching: false });
    expect(queryFn).toHaveBeenCalledTimes(1);
  });

  it('asks nothing while disabled, and asks once enabled', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.resolve('me'));
    const { result, rerender } = renderHook(({ enabled }) => useQuery({ queryKey: ['profile'], queryFn, enabled }), { wrapper, initialProps: { enabled: false } });
    expect(result.current).toMatchObject({ isPending: true, isFetching: false });
    expect(queryFn).not.toHaveBeenCalled();
    rerender({ enabled: true });
    await waitFor(() => expect(result.current.data).toBe('me'));
  });

  it('shows a failure with its time, and a page coming back to it shows it loading again', async () => {
    const { wrapper } = setup();
    const queryFn = vi.fn(() => Promise.reject(new Error('down')));
    const first = renderHook(() => useQuery({ queryKey: ['x'], queryFn }), { wrapper });
    await waitFor(() => expect(first.result.current.isError).toBe(true));
    expect(first.result.current.error?.message).toBe('down');
    expect(first.result.current.errorUpdatedAt).toBeGreaterThan(0);
    first.unmount();
    const again = renderHook(() => useQuery({ queryKey: ['x'], queryFn }), { wrapper });
    expect(again.result.current).toMatchObject({ isPending: true, isError: false, isFetching: true });
    await waitFor(() => expect(again.result.current.isError).toBe(true));
    expect(queryFn).toHaveBeenCalledTimes(2);
  });

  it('keeps the previous key’s data on show while the next key’s comes (keepPreviousData)', async () => {
    const { wrapper } = setup();
    let answer: (value: string) => void = () => undefined;
    const queryFn = vi.fn(({ queryKey }: { queryKey: readonly unknown[] }) => (queryKey[1] === 20 ? Promise.resolve('20 results') : new Promise<string>((resolve) => (answer = resolve))));
    const { result, rerender } = renderHook(({ limit }) => useQuery({ queryKey: ['search', limit], queryFn, placeholderData: keepPreviousData }), {
      wrapper,
      initialProps: { limit: 20 },
    });
    await waitFor(() => expect(result.current.data).toBe('20 results'));
    rerender({ limit: 40 });
    expect(result.current).toMatchObject({ data: '20 results', isPlaceholderData: true, isSuccess: true, isFetching: true });
    act(() => answer('40 results'));
    await waitFor(() => expect(result.current).toMatchObject({ data: '40 results', isPlaceholderData: false }));
  });

  it('reads again when invalidated while shown, and when refetched', async () => {
    const { client, wrapper } = setup();
    let count = 0;
    const { result } = renderHook(() => useQuery({ queryKey: ['videos', 'a'], queryFn: () => Promise.resolve(++count) }), { wrapper });
    await waitFor(() => expect(result.current.data).toBe(1));
    await act(() => client.invalidateQueries({ queryKey: ['videos'] }));
    expect(result.current.data).toBe(2);
    await act(() => result.current.refetch());
    expect(result.current.data).toBe(3);
  });
});
