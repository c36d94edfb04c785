import { createHash } from 'node:crypto';
import { PREPARED_MARK } from './prepared.js';
import { SturdyClient } from './sturdy-client.js';

/**
 * A pg client that runs the statements marked by prepared() (prepared.ts) as named prepared
 * statements: parsed once per connection, then executed by name. The name comes from the
 * text, so a statement's variants are prepared apart; pg remembers which it has prepared.
 */
export class PreparingClient extends SturdyClient {
  override query(...args: unknown[]): never {
    const [text, values] = args;
    const run = super.query.bind(this) as (...rest: unknown[]) => never;
    if (args.length === 2 && typeof text === 'string' && text.startsWith(PREPARED_MARK) && Array.isArray(values)) {
      return run({ name: statementName(text), text, values });
    }
    return run(...args);
  }
}

/** Names of marked statements by text; a handful of texts in practice, forgotten past a bound all the same. */
const statementNames = new Map<string, string>();

function statementName(text: string): string {
  let name = statementNames.get(text);
  if (!name) {
    name = `tc_${createHash('sha1').update(text).digest('hex')}`;
    if (statementNames.size >= 1000) statementNames.clear();
    statementNames.set(text, name);
  }
  return name;
}
