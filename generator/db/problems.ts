// Everything wrong with one import file, collected so the reader can fix all of
// it in one go instead of one error per run.
import { UserError } from '../errors.ts';

/** A value and the 1-based line of the file it came from. */
export interface Located<T> {
  line: number;
  value: T;
}

/** Problems kept and printed: a file of a million bad rows must not take gigabytes to tell. */
export const MAX_SHOWN = 100;
/** Longest stretch of a file's value echoed in a message. */
const MAX_ECHO = 60;

export class Problems {
  #found: { line: number; text: string }[] = [];
  #count = 0;

  constructor(readonly file: string) {}

  add(line: number, field: string, message: string): void {
    this.#count++;
    this.#found.push({ line, text: `${this.file}:${line}: ${field}: ${message}` });
    // Keep the first MAX_SHOWN by line (problems do not all arrive in line order).
    if (this.#found.length >= 2 * MAX_SHOWN) this.#found = this.#sorted().slice(0, MAX_SHOWN);
  }

  /** The first problem by line, as printed; undefined when there is none. */
  first(): string | undefined {
    return this.#sorted()[0]?.text;
  }

  get count(): number {
    return this.#count;
  }

  #sorted() {
    return [...this.#found].sort((a, b) => a.line - b.line);
  }

  /** Throws the import's UserError when anything was found (`outcome` says what that means); lines in file order, at most MAX_SHOWN of them. */
  throwIfAny(outcome = 'nothing imported'): void {
    if (this.count === 0) return;
    const lines = this.#sorted()
      .slice(0, MAX_SHOWN)
      .map((p) => p.text);
    const noun = this.count === 1 ? 'problem' : 'problems';
    const shown = this.count > MAX_SHOWN ? ` (the first ${MAX_SHOWN} by line shown)` : '';
    throw new UserError(`${this.file}: ${outcome}, ${this.count} ${noun}${shown}`, lines);
  }
}

/** A value from the file, quoted for a message and cut to a readable length. */
export function echo(value: unknown): string {
  const quoted = typeof value === 'string';
  const text = quoted ? value : String(JSON.stringify(value));
  if (text.length <= MAX_ECHO) return quoted ? JSON.stringify(text) : text;
  return `${quoted ? JSON.stringify(text.slice(0, MAX_ECHO)) : text.slice(0, MAX_ECHO)}... (${text.length} characters)`;
}
