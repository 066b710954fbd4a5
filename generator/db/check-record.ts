// Validation of one imported record against its zod schema, with messages
// written for the person fixing the file. Messages set on the schema itself
// (dates, slugs) take precedence over these.
import type { z } from 'zod';
import { echo } from './problems.ts';

const friendly: z.core.$ZodErrorMap = (issue) => {
  switch (issue.code) {
    case 'invalid_type':
      if (issue.input === undefined) return 'is missing';
      if (issue.expected === 'int') return 'must be a whole number';
      if (issue.expected === 'number' && typeof issue.input === 'number') return 'must be a finite number';
      return `must be ${article(issue.expected)}, got ${describe(issue.input)}`;
    case 'too_small':
      if (issue.origin === 'string' && issue.minimum === 1) return 'must not be empty';
      return `must be ${issue.inclusive ? 'at least' : 'greater than'} ${issue.minimum}`;
    case 'too_big':
      return `must be ${issue.inclusive ? 'at most' : 'less than'} ${issue.maximum}`;
    case 'invalid_value':
      return `must be one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
    case 'invalid_format':
      return issue.format === 'url' ? 'must be a URL, e.g. https://example.org/page' : `must be a valid ${issue.format}`;
    default:
      return undefined;
  }
};

function article(type: string): string {
  return type === 'array' || type === 'object' ? `an ${type}` : type === 'string' ? 'text' : `a ${type}`;
}

function describe(value: unknown): string {
  return value === null ? 'null' : Array.isArray(value) ? 'an array' : typeof value === 'object' ? 'an object' : `${typeof value} ${echo(value)}`;
}

/** `nsbBrackets[2].lbrDue` */
function fieldName(path: readonly PropertyKey[]): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${i ? '.' : ''}${String(key)}`)).join('') || 'record';
}

/**
 * Characters no text of a record may hold, whatever its field: the C0 controls
 * (NUL, TAB, LF, CR...), DEL and the C1 controls, which end a line of a CSV,
 * .ics or log wherever they are written, or reach a reader raw; and the bidi
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which
 * reorder the text around them. The marks RLM (U+200F) and ALM (U+061C) stay
 * allowed: Arabic text needs them, and they reorder nothing but themselves.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is its job.
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

function controlName(char: string): string {
  const code = char.codePointAt(0)!;
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  const named: Record<number, string> = { 0: 'NUL', 9: 'a tab', 10: 'a line feed', 13: 'a carriage return', 127: 'DEL' };
  const what = named[code] ?? (code >= 0x202a ? 'a bidi embedding, override or isolate' : 'a control character');
  return `${hex} (${what})`;
}

/** Reports each text of `input`, at any depth, that holds a CONTROL character. */
function checkTexts(input: unknown, path: PropertyKey[], report: (field: string, message: string) => void): void {
  if (typeof input === 'string') {
    const found = CONTROL.exec(input);
    if (found) report(fieldName(path), `contains ${controlName(found[0])} at character ${found.index + 1}; remove it`);
  } else if (Array.isArray(input)) {
    for (const [i, item] of input.entries()) checkTexts(item, [...path, i], report);
  } else if (typeof input === 'object' && input !== null) {
    for (const [key, value] of Object.entries(input)) checkTexts(value, [...path, key], report);
  }
}

/**
 * The parsed record, or undefined after reporting one (field, message) per
 * problem. Every record read from a file or the database comes through here,
 * so no text with a CONTROL character gets in, whatever its schema.
 */
export function checkRecord<S extends z.ZodType>(schema: S, input: unknown, report: (field: string, message: string) => void): z.output<S> | undefined {
  let controls = false;
  checkTexts(input, [], (field, message) => {
    controls = true;
    report(field, message);
  });
  const result = schema.safeParse(input, { error: friendly });
  if (result.success) return controls ? undefined : result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      const prefix = issue.path.length ? `${fieldName(issue.path)}.` : '';
      for (const key of issue.keys) report(prefix + key, 'unknown field');
    } else {
      report(fieldName(issue.path), issue.message);
    }
  }
  return undefined;
}
