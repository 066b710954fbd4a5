// Line numbers for JSON import files, so their problems read `FILE:LINE` like
// the CSV ones.

/** The 1-based line on which each element of a top-level array starts; `text` must be valid JSON. */
export function arrayElementLines(text: string): number[] {
  const lines: number[] = [];
  let line = 1;
  let depth = 0;
  let inString = false;
  let awaitingElement = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\n') line++; // never inside a string: JSON escapes newlines there
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === ' ' || c === '\t' || c === '\r' || c === '\n') continue;
    if (awaitingElement && c !== ']') lines.push(line);
    awaitingElement = false;
    if (c === '"') inString = true;
    else if (c === '[' || c === '{') awaitingElement = ++depth === 1 && c === '[';
    else if (c === ']' || c === '}') depth--;
    else if (c === ',') awaitingElement = depth === 1;
  }
  return lines;
}

/** The line of a JSON.parse error, from the position or line V8 puts in its message. */
export function syntaxErrorLine(text: string, error: SyntaxError): number {
  const line = /\(line (\d+) column \d+\)/.exec(error.message);
  if (line) return Number(line[1]);
  const position = /at position (\d+)/.exec(error.message);
  return position ? text.slice(0, Number(position[1])).split('\n').length : 1;
}
