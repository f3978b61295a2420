/**
 * Tag input (spec 02 §5): a semicolon is inserted after every 2 characters and typed semicolons are
 * stripped. Characters are counted as code points, so a Chinese character (or an emoji) is one.
 */
const SEPARATOR = ';';
/** Typed separators: the ASCII one and the full-width one a Chinese IME produces. */
const TYPED_SEPARATORS = /[;；]/g;

const chars = (s: string) => Array.from(s.replace(TYPED_SEPARATORS, ''));

/** Groups of two joined by `;`; with `trailing`, a complete last pair gets its `;` too. */
export function formatTags(raw: string, trailing = false): string {
  const cs = chars(raw);
  const pairs: string[] = [];
  for (let i = 0; i < cs.length; i += 2) pairs.push(cs.slice(i, i + 2).join(''));
  const out = pairs.join(SEPARATOR);
  return trailing && cs.length > 0 && cs.length % 2 === 0 ? out + SEPARATOR : out;
}

/**
 * One edit of the input: `next` is what the browser produced from `prev`, `caret` where its caret
 * is. Typing forward puts the `;` right after a completed pair; a deletion never adds one back
 * (otherwise backspace over `ab;` would be undone at once). The caret keeps its place among the
 * tag characters.
 */
export function applyTagEdit(prev: string, next: string, caret: number = next.length): { value: string; caret: number } {
  const deleting = next.length < prev.length;
  const value = formatTags(next, !deleting);
  // How many tag characters (not separators) precede the caret in `next`.
  const before = chars(Array.from(next).slice(0, caretToCodePoints(next, caret)).join('')).length;
  return { value, caret: caretAfterChars(value, before, !deleting) };
}

/** The stored form: no trailing separator. */
export function normalizeTags(value: string): string {
  return formatTags(value, false);
}

function caretToCodePoints(s: string, utf16: number): number {
  return Array.from(s.slice(0, utf16)).length;
}

/** The UTF-16 offset just after the `n`-th tag character of `formatted` (and after a `;` that follows it when typing). */
function caretAfterChars(formatted: string, n: number, skipSeparator: boolean): number {
  let seen = 0;
  let offset = 0;
  for (const c of formatted) {
    if (seen === n) break;
    offset += c.length;
    if (c !== SEPARATOR) seen++;
  }
  if (skipSeparator && n > 0 && formatted[offset] === SEPARATOR) offset += 1;
  return offset;
}
