import { echo, type Located, type Problems } from './problems.ts';

/** Reports every record whose `field` repeats the value of an earlier record of the same file. */
export function reportDuplicates<T, K extends keyof T & string>(records: readonly Located<T>[], field: K, problems: Problems): void {
  const firstLine = new Map<unknown, number>();
  for (const { line, value } of records) {
    const key = value[field];
    const first = firstLine.get(key);
    if (first === undefined) firstLine.set(key, line);
    else problems.add(line, field, `${echo(key)} is already on line ${first}`);
  }
}
