// The seam between the sources and the import: a source turns a date into what
// it published for that date, validated at the boundary (zod), or says that it
// has not published that date, or fails with a message that names every URL it
// tried and what was wrong. The fetch command (fetch-days.ts) turns those into
// rate rows and hands them to the same import path as a CSV file.
import type { z } from 'zod';
import { UserError } from '../errors.ts';
import type { HttpResult } from './http.ts';

export type DayAnswer<T> =
  | { published: true; value: T; url: string }
  | { published: false; why: string };

/** What a source says about one date. */
export interface DailySource<T> {
  /** The id of its entry in GET /sources (data/sources.csv). */
  readonly id: string;
  day(date: string): Promise<DayAnswer<T>>;
}

/** Every source of a kind failed: the message names each URL tried and what was wrong. */
export class SourceError extends UserError {}

/** One failed attempt, for the final message: `URL: what was wrong`. */
export function attemptLine(url: string, problem: string): string {
  return `${url}: ${problem}`;
}

/** The body of a successful answer as JSON, or a sentence saying what it is instead. */
export function parseJsonBody(result: Extract<HttpResult, { ok: true }>): { json: unknown } | { problem: string } {
  const text = result.body.trimStart();
  if (text.startsWith('<')) return { problem: `not JSON but ${/^<(!doctype html|html)/i.test(text) ? 'an HTML page' : 'markup'} (${describeType(result.contentType)})` };
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message})` };
  }
}

function describeType(contentType: string): string {
  return contentType ? `Content-Type ${contentType.split(';')[0]}` : 'no Content-Type';
}

/** The first problem zod found, as `field: message`. */
export function describeIssues(error: z.ZodError): string {
  const issue = error.issues[0]!;
  const where = issue.path.length ? issue.path.map(String).join('.') : 'the body';
  const more = error.issues.length > 1 ? ` (and ${error.issues.length - 1} more)` : '';
  return `${where}: ${issue.message}${more}`;
}
