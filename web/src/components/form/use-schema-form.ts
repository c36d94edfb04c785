import { useCallback, useId, useRef, useState, type FormEvent } from 'react';
import type { core } from 'zod/mini';
import { isApiError } from '@/lib/api-client.js';
import { firstInPage, parseFields, type FieldErrors } from './field-errors.js';

// `object`, not a record type: an interface of fields (no index signature) is a form's values too.
type Values = object;
type Name<V> = keyof V & string;

/** What a field component needs of the form: its value and error, and how to change and focus it. */
export interface FieldState<T> {
  id: string;
  name: string;
  value: T;
  error: string | undefined;
  /** The id of the error's paragraph, for `aria-describedby`. */
  errorId: string;
  setValue: (value: T) => void;
  ref: (element: HTMLElement | null) => void;
}

export interface SubmitOptions<Name extends string> {
  /** The values broke a rule (each message is already under its field): a form whose spec names a toast for it shows it here. */
  onInvalid?: (errors: FieldErrors<Name>) => void;
  /** The submission failed with no field to blame: the form's toast. */
  onError?: (error: unknown) => void;
}

export interface FormOptions<V> {
  /** Turns the values into the schema's input where they differ (one city chosen, a list sent). */
  toInput?: (values: V) => unknown;
  /** Values a parent holds (kept across the steps of a wizard): the form reads and changes them there. */
  controlled?: { values: V; onChange: (values: V) => void };
}

/**
 * A form fed by its core/domain schema, so the rules live once and the server parses the same
 * body. Submitting checks every field, shows each message under its field and focuses the
 * first one; a field that shows an error is checked again as it is edited. While the submit
 * handler's promise runs, `pending` is true and further submits are ignored. A 400 that names a
 * field of this form (`error.field`) shows under that field; any other failure goes to `onError`.
 */
export function useSchemaForm<Output, V extends Values>(schema: core.$ZodType<Output>, initialValues: V, options: FormOptions<V> = {}) {
  const { toInput = (values: V): unknown => values, controlled } = options;
  const prefix = useId();
  const initial = useRef(initialValues);
  const latest = useRef(initialValues);
  const [own, setOwn] = useState(initialValues);
  const values = controlled ? controlled.values : own;
  if (controlled) latest.current = controlled.values;
  const setValues = (next: V) => (controlled ? controlled.onChange(next) : setOwn(next));
  const [errors, setErrors] = useState<FieldErrors<Name<V>>>({});
  const [pending, setPending] = useState(false);
  const running = useRef(false);
  const elements = useRef(new Map<string, HTMLElement>());
  const names = Object.keys(initial.current) as Name<V>[];

  const check = (next: V) => parseFields(schema, toInput(next), names);

  function showErrors(next: FieldErrors<Name<V>>) {
    setErrors(next);
    const invalid = names.filter((name) => next[name] !== undefined).flatMap((name) => elements.current.get(name) ?? []);
    firstInPage(invalid)?.focus();
  }

  function setValue<K extends Name<V>>(name: K, value: V[K]) {
    const next = { ...latest.current, [name]: value };
    latest.current = next;
    setValues(next);
    // Only a field already showing an error is checked as it changes: nobody is told off mid-word.
    setErrors((current) => {
      if (current[name] === undefined) return current;
      const outcome = check(next);
      return { ...current, [name]: outcome.ok ? undefined : outcome.errors[name] };
    });
  }

  // Stable, so an effect can reset the form when what it edits changes.
  const reset = useCallback((next: V = initial.current) => {
    latest.current = next;
    setOwn(next);
    setErrors({});
  }, []);

  function field<K extends Name<V>>(name: K): FieldState<V[K]> {
    return {
      id: `${prefix}-${name}`,
      name,
      value: values[name],
      error: errors[name],
      errorId: `${prefix}-${name}-error`,
      setValue: (value) => setValue(name, value),
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
    };
  }

  function handleSubmit(onValid: (data: Output, values: V) => unknown, options: SubmitOptions<Name<V>> = {}) {
    return (event?: FormEvent) => {
      event?.preventDefault();
      if (running.current) return;
      const outcome = check(latest.current);
      if (!outcome.ok) {
        showErrors(outcome.errors);
        options.onInvalid?.(outcome.errors);
        return;
      }
      setErrors({});
      const result = onValid(outcome.data, latest.current);
      if (!(result instanceof Promise)) return;
      running.current = true;
      setPending(true);
      result
        .catch((error: unknown) => {
          // Only a field the form shows can hold the message; one it fills itself leaves it to the toast.
          const named = isApiError(error) && error.status === 400 ? names.find((name) => name === error.field && elements.current.has(name)) : undefined;
          if (named && isApiError(error)) showErrors({ [named]: error.message } as FieldErrors<Name<V>>);
          else options.onError?.(error);
        })
        .finally(() => {
          running.current = false;
          setPending(false);
        });
    };
  }

  return { values, errors, pending, field, setValue, reset, handleSubmit };
}

