import { safeParse, type core } from 'zod/mini';

/** One message per field: the first problem zod found with it, under the field's own name. */
export type FieldErrors<Name extends string> = Partial<Record<Name, string>>;

export type ParseOutcome<Output, Name extends string> = { ok: true; data: Output } | { ok: false; errors: FieldErrors<Name> };

/**
 * Parses a form's values with its core/domain schema. An issue counts for the field its path
 * starts with (the schemas' keys are the form's field names, so a server 400's `field` maps the
 * same way); an issue about no known field goes to the first field, so a refusal is never silent.
 */
export function parseFields<Output, Name extends string>(schema: core.$ZodType<Output>, input: unknown, names: readonly Name[]): ParseOutcome<Output, Name> {
  const result = safeParse(schema, input);
  if (result.success) return { ok: true, data: result.data };
  const errors: FieldErrors<Name> = {};
  for (const issue of result.error.issues) {
    const key = issue.path[0];
    const name = names.find((candidate) => candidate === key) ?? names[0];
    if (name !== undefined && errors[name] === undefined) errors[name] = issue.message;
  }
  return { ok: false, errors };
}

/** The element of these that comes first in the page, so focus lands where the reader starts. */
export function firstInPage(elements: readonly HTMLElement[]): HTMLElement | undefined {
  return [...elements].sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1))[0];
}
