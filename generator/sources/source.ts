// The seam between the sources and the import: a source turns a date into what
// it published for that date, validated at the boundary (zod), or says that it
// has not published that date, or fails with a message that names every URL it
// tried and what was wrong. The fetch command (fetch-days.ts) turns those into
// rate rows and hands them to the same import path as a CSV file.
import type { z } from 'zod';
import { UserError } from '../errors.ts';
import { getText, parseStrictJson, type HttpPolicy, type HttpResult } from './http.ts';

export type DayAnswer<T> = { published: true; value: T; url: string } | { published: false; why: string };

/** What a source says about one date. */
export interface DailySource<T> {
  /** The id of its entry in GET /sources (data/sources.csv). */
  readonly id: string;
  day(date: string): Promise<DayAnswer<T>>;
}

/**
 * What a price source published for a day: its figures by field, as published
 * (the registry says which metal each field prices, sources/registry.ts), and,
 * where it gives them, every currency per US dollar (the rates of `currency=`).
 */
export interface PriceDay {
  date: string;
  figures: Readonly<Record<string, number>>;
  perDollar?: Record<string, unknown>;
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
  if (text.startsWith('<'))
    return { problem: `not JSON but ${/^<(!doctype html|html)/i.test(text) ? 'an HTML page' : 'markup'} (${describeType(result.contentType)})` };
  return parseStrictJson(text);
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

/** What a source made of a body: the value it holds, or what is wrong with it. */
export type Reading<T> = { value: T } | { problem: string };

/** The body read with a zod schema: its value, or the first problem as `field: message`. */
export function readWith<S extends z.ZodType>(schema: S, json: unknown): Reading<z.output<S>> {
  const parsed = schema.safeParse(json);
  return parsed.success ? { value: parsed.data } : { problem: describeIssues(parsed.error) };
}

/** One URL that gave no value, and what was wrong: no answer or an HTTP error (`notFound` for a 404), or a body the source could not use (`unusable`). */
export interface Attempt {
  url: string;
  problem: string;
  notFound: boolean;
  unusable: boolean;
}

/**
 * Every source's one way to ask: each URL in turn (getText's timeout, retries
 * and size limit), its body parsed as JSON and read by `read` (the source's
 * zod schema and checks); the first value read wins. When none gives one, the
 * attempts, in order, for the source to say what each URL did.
 */
export async function firstUsable<T>(
  urls: readonly string[],
  policy: HttpPolicy,
  read: (json: unknown, url: string) => Reading<T>,
): Promise<{ value: T; url: string } | { attempts: Attempt[] }> {
  const attempts: Attempt[] = [];
  for (const url of urls) {
    const result = await getText(url, policy);
    if (!result.ok) {
      attempts.push({ url, problem: result.problem, notFound: result.status === 404, unusable: false });
      continue;
    }
    const body = parseJsonBody(result);
    const reading = 'json' in body ? read(body.json, url) : body;
    if ('value' in reading) return { value: reading.value, url };
    attempts.push({ url, problem: reading.problem, notFound: false, unusable: true });
  }
  return { attempts };
}
