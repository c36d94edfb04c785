import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useMutation } from './use-mutation.js';
import { deferred } from '@testing/deferred.js';

describe('useMutation', () => {
  it('stays pending until its onSuccess (an invalidation) settled, then runs the call’s own callbacks', async () => {
    const refresh = deferred<void>();
    const order: string[] = [];
    const { result } = renderHook(() =>
      useMutation({
        mutationFn: (name: string) => Promise.resolve(`saved ${name}`),
        onSuccess: () => (order.push('hook onSuccess'), refresh.promise),
        onSettled: () => order.push('hook onSettled'),
      }),
    );
    expect(result.current).toMatchObject({ isIdle: true, isPending: false });
    act(() => result.current.mutate('Fairview', { onSuccess: (data) => order.push(`call onSuccess ${data}`), onSettled: () => order.push('call onSettled') }));
    await waitFor(() => expect(order).toEqual(['hook onSuccess']));
    expect(result.current).toMatchObject({ isPending: true, variables: 'Fairview' });
    await act(async () => refresh.resolve());
    await waitFor(() => expect(result.current.isSuccess).toBe(true));
    expect(result.current.data).toBe('saved Fairview');
    expect(order).toEqual(['hook onSuccess', 'hook onSettled', 'call onSuccess saved Fairview', 'call onSettled']);
  });

  it('rejects mutateAsync with the failure, which the state and onError show; mutate never rejects', async () => {
    const onError = vi.fn();
    const { result } = renderHook(() => useMutation<string, void>({ mutationFn: () => Promise.reject(new Error('refused')), onError }));
    await act(() => expect(result.current.mutateAsync()).rejects.toThrow('refused'));
    expect(result.current).toMatchObject({ isError: true, isPending: false });
    expect(result.current.error?.message).toBe('refused');
    expect(onError).toHaveBeenCalledTimes(1);
    act(() => result.current.reset());
    expect(result.current.isIdle).toBe(true);
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.isError).toBe(true));
  });

  it('runs the hook’s callbacks after the component has gone, but not the call’s', async () => {
    const answer = deferred<string>();
    const hookSuccess = vi.fn();
    const callSuccess = vi.fn();
    const { result, unmount } = renderHook(() => useMutation({ mutationFn: () => answer.promise, onSuccess: hookSuccess }));
    act(() => result.current.mutate(undefined, { onSuccess: callSuccess }));
    unmount();
    answer.resolve('done');
    await waitFor(() => expect(hookSuccess).toHaveBeenCalledWith('done', undefined));
    expect(callSuccess).not.toHaveBeenCalled();
  });

  it('follows the latest call: an earlier one settling later changes nothing shown', async () => {
    const answers = [deferred<string>(), deferred<string>()];
    const firstCallback = vi.fn();
    const { result } = renderHook(() => useMutation({ mutationFn: (index: number) => answers[index]!.promise }));
    act(() => result.current.mutate(0, { onSuccess: firstCallback }));
    act(() => result.current.mutate(1));
    await act(async () => answers[1]!.resolve('second'));
    await waitFor(() => expect(result.current.data).toBe('second'));
    await act(async () => answers[0]!.resolve('first'));
    expect(result.current).toMatchObject({ data: 'second', variables: 1 });
    expect(firstCallback).not.toHaveBeenCalled();
  });
});
