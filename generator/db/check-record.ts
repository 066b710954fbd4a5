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

/** The parsed record, or undefined after reporting one (field, message) per problem. */
export function checkRecord<S extends z.ZodType>(schema: S, input: unknown, report: (field: string, message: string) => void): z.output<S> | undefined {
  const result = schema.safeParse(input, { error: friendly });
  if (result.success) return result.data;
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
