import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

interface MutationCallbacks<T, V> {
  onSuccess?: (data: T, variables: V) => unknown;
  onError?: (error: Error, variables: V) => unknown;
  onSettled?: (data: T | undefined, error: Error | null, variables: V) => unknown;
}

/** A write. Its callbacks may return a promise (an invalidation): the write is pending until it settles. */
export interface MutationOptions<T, V> extends MutationCallbacks<T, V> {
  mutationFn: (variables: V) => Promise<T>;
}

type MutationState<T, V> =
  | { status: 'idle'; isIdle: true; isPending: false; isSuccess: false; isError: false; data: undefined; error: null; variables: undefined }
  | { status: 'pending'; isIdle: false; isPending: true; isSuccess: false; isError: false; data: undefined; error: null; variables: V }
  | { status: 'success'; isIdle: false; isPending: false; isSuccess: true; isError: false; data: T; error: null; variables: V }
  | { status: 'error'; isIdle: false; isPending: false; isSuccess: false; isError: true; data: undefined; error: Error; variables: V };

export type MutationResult<T, V> = MutationState<T, V> & {
  /** Sends the write; failures show in the state (and the callbacks), never as a rejection. */
  mutate: (variables: V, callbacks?: MutationCallbacks<T, V>) => void;
  /** Sends the write and resolves with its answer, or rejects with its failure. */
  mutateAsync: (variables: V, callbacks?: MutationCallbacks<T, V>) => Promise<T>;
  /** Back to idle (a form starting over). */
  reset: () => void;
};

function stateOf<T, V>(status: MutationState<T, V>['status'], variables?: V, data?: T, error: Error | null = null): MutationState<T, V> {
  const flags = { isIdle: status === 'idle', isPending: status === 'pending', isSuccess: status === 'success', isError: status === 'error' };
  return { status, ...flags, variables, data, error } as MutationState<T, V>;
}

/** A callback's failure surfaces as an unhandled rejection; it does not change the write's outcome. */
async function quietly(callback: () => unknown): Promise<void> {
  try {
    await callback();
  } catch (error) {
    void Promise.reject(error);
  }
}

/**
 * A write for a component. Writes are never retried. The hook's callbacks run for every write,
 * even when the component has gone (the toast of a retry that removed its own row); those given
 * to one `mutate` call run only for the latest call and only while the component is there.
 * The state follows the latest call.
 */
export function useMutation<T, V = void>(options: MutationOptions<T, V>): MutationResult<T, V> {
  const [state, setState] = useState<MutationState<T, V>>(() => stateOf('idle'));
  const latestOptions = useRef(options);
  const latestCall = useRef(0);
  const mounted = useRef(false);
  useEffect(() => {
    latestOptions.current = options;
  });
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutateAsync = useCallback(async (variables: V, callbacks: MutationCallbacks<T, V> = {}): Promise<T> => {
    const call = ++latestCall.current;
    const { mutationFn, onSuccess, onError, onSettled } = latestOptions.current;
    const current = () => call === latestCall.current;
    setState(stateOf('pending', variables));
    try {
      const data = await mutationFn(variables);
      await onSuccess?.(data, variables);
      await onSettled?.(data, null, variables);
      if (current()) {
        setState(stateOf('success', variables, data));
        if (mounted.current) {
          void quietly(() => callbacks.onSuccess?.(data, variables));
          void quietly(() => callbacks.onSettled?.(data, null, variables));
        }
      }
      return data;
    } catch (thrown) {
      const error = thrown as Error;
      await quietly(() => onError?.(error, variables));
      await quietly(() => onSettled?.(undefined, error, variables));
      if (current()) {
        setState(stateOf<T, V>('error', variables, undefined, error));
        if (mounted.current) {
          void quietly(() => callbacks.onError?.(error, variables));
          void quietly(() => callbacks.onSettled?.(undefined, error, variables));
        }
      }
      throw error;
    }
  }, []);
  const mutate = useCallback((variables: V, callbacks?: MutationCallbacks<T, V>) => void mutateAsync(variables, callbacks).catch(() => undefined), [mutateAsync]);
  const reset = useCallback(() => {
    latestCall.current++;
    setState(stateOf('idle'));
  }, []);
  return useMemo(() => ({ ...state, mutate, mutateAsync, reset }), [state, mutate, mutateAsync, reset]);
}
