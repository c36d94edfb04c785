/**
 * The terms one of which every match of a query must contain, read from its tsquery text
 * (websearch_to_tsquery(...)::text, such as `'foot' & ( 'bridg' | 'span' )`). Saved searches are
 * indexed under these terms, so a meeting's words pick the few searches worth checking.
 *
 * - a term requires itself;
 * - `a & b` and the phrase `a <-> b` require what either side requires: the side whose terms
 *   look rarest (fewest, then longest) is chosen, as a shorter candidate list;
 * - `a | b` requires one of both sides' terms (the union);
 * - `!a` requires nothing: a query made only of negations has no terms (null) and is refused
 *   when saved, as the search box finds nothing for it either.
 */

type Token = { kind: 'term'; lexeme: string } | { kind: 'op'; op: '&' | '|' | '!' | '(' | ')' | 'phrase' };

function tokenize(tree: string): Token[] {
  const tokens: Token[] = [];
  const pattern = /'((?:[^']|'')*)'(?::[*A-D]+)?|<(?:-|\d+)>|[&|!()]|\s+/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(tree)) !== null) {
    const text = match[0];
    if (/^\s+$/.test(text)) continue;
    if (match[1] !== undefined) tokens.push({ kind: 'term', lexeme: match[1].replace(/''/g, "'") });
    else if (text.startsWith('<')) tokens.push({ kind: 'op', op: 'phrase' });
    else tokens.push({ kind: 'op', op: text as '&' | '|' | '!' | '(' | ')' });
    if (pattern.lastIndex >= tree.length) break;
  }
  if (pattern.lastIndex !== tree.length && tree.trim() !== '' && tokens.length === 0) throw new Error(`Unreadable tsquery: ${tree}`);
  return tokens;
}

/** The better of two requirements for an AND: the one likely to select fewer searches. */
function rarer(a: string[] | null, b: string[] | null): string[] | null {
  if (a === null) return b;
  if (b === null) return a;
  if (a.length !== b.length) return a.length < b.length ? a : b;
  const shortest = (terms: string[]) => Math.min(...terms.map((term) => term.length));
  return shortest(b) > shortest(a) ? b : a;
}

/** Precedence as PostgreSQL prints it: ! binds tightest, then phrase, then &, then |. */
export function requiredTerms(tree: string): string[] | null {
  const tokens = tokenize(tree);
  let at = 0;
  const peek = () => tokens[at];
  const isOp = (op: string) => {
    const token = peek();
    return token?.kind === 'op' && token.op === op;
  };

  function unary(): string[] | null {
    const token = tokens[at++];
    if (!token) throw new Error(`Unreadable tsquery: ${tree}`);
    if (token.kind === 'term') return [token.lexeme];
    if (token.op === '!') {
      unary();
      return null;
    }
    if (token.op === '(') {
      const inner = or();
      if (!isOp(')')) throw new Error(`Unreadable tsquery: ${tree}`);
      at += 1;
      return inner;
    }
    throw new Error(`Unreadable tsquery: ${tree}`);
  }
  function phrase(): string[] | null {
    let required = unary();
    while (isOp('phrase')) {
      at += 1;
      required = rarer(required, unary());
    }
    return required;
  }
  function and(): string[] | null {
    let required = phrase();
    while (isOp('&')) {
      at += 1;
      required = rarer(required, phrase());
    }
    return required;
  }
  function or(): string[] | null {
    let required = and();
    while (isOp('|')) {
      at += 1;
      const other = and();
      required = required === null || other === null ? null : [...new Set([...required, ...other])];
    }
    return required;
  }

  if (tokens.length === 0) return null;
  const required = or();
  if (at !== tokens.length) throw new Error(`Unreadable tsquery: ${tree}`);
  return required;
}
