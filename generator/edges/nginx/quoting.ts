// Writing values in nginx's configuration language: tokens, and bodies of any
// length as `return 200 '...'` byte for byte.

// Writing nginx's configuration language.

/** A path, name or header value as one token (quoted when it must be). */
export function q(value: string): string {
  if (/['\\$\n]/.test(value) && !/^"[0-9a-f]+"$/.test(value)) throw new Error(`nginx-site: cannot write ${JSON.stringify(value)} in nginx.conf`);
  return /["\s;{}#]/.test(value) || value === '' ? `'${value}'` : value;
}

// nginx reads a token of at most 4 KiB; a body is cut into pieces that fit.
const TOKEN_BYTES = 3800;
/** Single-file answers up to this size are served from memory, larger ones from their file. */
export const MEMORY_BYTES = 16 * 1024;

/** Text in single quotes, byte for byte: \ and ' escaped, $ through a variable that holds "$". */
export function quoteText(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => '\\' + c).replace(/\$/g, () => '${nisab_dollar}')}'`;
}

/** `return 200 BODY` for a body of any length: pieces in variables, the last one in the return itself. */
export function returnBody(body: string): string[] {
  const pieces: string[] = [];
  let rest = body;
  do {
    let take = Math.min(rest.length, TOKEN_BYTES);
    while (Buffer.byteLength(quoteText(rest.slice(0, take))) > TOKEN_BYTES) take = Math.floor(take * 0.9);
    // Never between the two halves of a surrogate pair.
    if (take < rest.length && /[\udc00-\udfff]/.test(rest.charAt(take))) take--;
    pieces.push(rest.slice(0, take));
    rest = rest.slice(take);
  } while (rest.length > 0);
  const last = pieces.length - 1;
  const sets = pieces.slice(0, last).map((piece, i) => `set $nisab_piece${i} ${quoteText(piece)};`);
  const refs = pieces
    .slice(0, last)
    .map((_, i) => `\${nisab_piece${i}}`)
    .join('');
  return [...sets, `return 200 '${refs}${quoteText(pieces[last]!).slice(1)};`];
}
