/** Why a database could not be opened, in one line: the first cause of a multi-address failure, with its code. */
export function connectionErrorText(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0) return connectionErrorText(error.errors[0]);
  if (error instanceof Error) {
    const code = (error as { code?: string }).code;
    const text = error.message || code || error.name;
    return code && !text.includes(code) ? `${text} (${code})` : text;
  }
  return String(error);
}
