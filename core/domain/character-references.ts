/**
 * Replaces `&name;`, `&#123;` and `&#x7B;` references: names from the caller's table (XML's
 * own, or the few HTML ones captions use), numbers when they name a real code point. Anything
 * else stays as written, so a stray "&" in a title survives.
 */
export function decodeCharacterReferences(text: string, named: Readonly<Record<string, string>>): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return named[name.toLowerCase()] ?? whole;
    const hex = name[1] === 'x' || name[1] === 'X';
    const code = Number.parseInt(name.slice(hex ? 2 : 1), hex ? 16 : 10);
    const valid = code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff);
    return valid ? String.fromCodePoint(code) : whole;
  });
}
