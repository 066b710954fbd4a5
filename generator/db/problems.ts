// Everything wrong with one import file, collected so the reader can fix all of
// it in one go instead of one error per run.
import { UserError } from '../errors.ts';

/** A value and the 1-based line of the file it came from. */
export interface Located<T> {
  line: number;
  value: T;
}

export class Problems {
  readonly #found: { line: number; text: string }[] = [];

  constructor(readonly file: string) {}

  add(line: number, field: string, message: string): void {
    this.#found.push({ line, text: `${this.file}:${line}: ${field}: ${message}` });
  }

  get count(): number {
    return this.#found.length;
  }

  /** Throws the import's UserError when anything was found; lines in file order. */
  throwIfAny(): void {
    if (this.count === 0) return;
    const lines = [...this.#found].sort((a, b) => a.line - b.line).map((p) => p.text);
    const noun = this.count === 1 ? 'problem' : 'problems';
    throw new UserError(`${this.file}: nothing imported, ${this.count} ${noun}`, lines);
  }
}
