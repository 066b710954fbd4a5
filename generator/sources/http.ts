// The sources' one way to ask for a body over HTTP: a timeout on every request,
// a bounded number of retries for what may pass (no answer, 5xx, 429), none for
// what will not (404, other 4xx), and a cap on the body size. It never throws:
// the caller gets what happened, in words that name the URL.

import { Problems } from '../db/problems.ts';
import { checkJsonShape } from '../db/strict-json.ts';

export interface HttpPolicy {
  /** Per attempt, milliseconds. */
  timeoutMs: number;
  /** Further attempts after the first, for failures that may pass. */
  retries: number;
  /** Pause before retry n is n × this, milliseconds. */
  retryDelayMs: number;
  /** The most bytes of a body read, counted after decompression (default MAX_BODY_BYTES). */
  maxBodyBytes?: number;
}

// The CBN's full exchange-rate history is the largest body a source sends (a few MB).
export const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * The most values a source's body may hold (objects, arrays, members and elements).
 * Parsing costs per value far more than per byte: 63 MiB of `{},` took 2.1 GB, so
 * the size alone does not bound a body's memory (BENCHMARKS.md, "A source body's
 * memory"). The CBN's NFEM rows are 9 values a working day (some 23,000 for ten
 * years), the currency API's day 341.
 */
export const MAX_SOURCE_JSON_VALUES = 200_000;

export type HttpResult = { ok: true; url: string; body: string; contentType: string } | { ok: false; url: string; status: number | null; problem: string };

export async function getText(url: string, policy: HttpPolicy): Promise<HttpResult> {
  let last: HttpResult | undefined;
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, policy.retryDelayMs * attempt));
    last = await attemptOnce(url, policy.timeoutMs, policy.maxBodyBytes ?? MAX_BODY_BYTES);
    if (last.ok || !mayPass(last.status)) return last;
  }
  const failed = last as Extract<HttpResult, { ok: false }>;
  const tries = policy.retries + 1;
  return { ...failed, problem: `${failed.problem} (${tries} ${tries === 1 ? 'attempt' : 'attempts'})` };
}

/** null: no answer at all (refused, reset, timed out). */
function mayPass(status: number | null): boolean {
  return status === null || status === 429 || status >= 500;
}

const mib = (bytes: number) => (bytes >= 1024 * 1024 ? `${bytes / 1024 / 1024} MiB` : `${bytes} bytes`);

async function attemptOnce(url: string, timeoutMs: number, maxBytes: number): Promise<HttpResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  let response: Response;
  try {
    response = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'application/json' } });
  } catch (error) {
    if (signal.aborted) return { ok: false, url, status: null, problem: `no answer within ${timeoutMs / 1000} s (--timeout)` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, url, status: null, problem: `no answer (${cause?.code ?? cause?.message ?? (error as Error).message})` };
  }
  const status = response.status;
  if (!response.ok) {
    await response.body?.cancel().catch(() => {});
    return { ok: false, url, status, problem: `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}` };
  }
  const declared = Number(response.headers.get('content-length') ?? 0);
  if (declared > maxBytes) {
    await response.body?.cancel().catch(() => {});
    return {
      ok: false,
      url,
      status,
      problem: `HTTP ${status} declared a body of ${declared} bytes, more than the ${mib(maxBytes)} a source may send; not read`,
    };
  }
  return readCapped(response, url, signal, timeoutMs, maxBytes);
}

/** The body of an answer that is not an error, read up to maxBytes and as UTF-8 text. */
async function readCapped(response: Response, url: string, signal: AbortSignal, timeoutMs: number, maxBytes: number): Promise<HttpResult> {
  const status = response.status;
  // Read chunk by chunk, counting what fetch has already decompressed, so neither a
  // stream without end nor a small gzip, br or deflate body that inflates to
  // gigabytes is ever held past the limit.
  const encoding = response.headers.get('content-encoding');
  const chunks: Uint8Array[] = [];
  let total = 0;
  try {
    const reader = response.body?.getReader();
    for (;;) {
      const next = reader ? await reader.read() : { done: true as const, value: undefined };
      if (next.done) break;
      total += next.value.byteLength;
      if (total > maxBytes) {
        await reader?.cancel().catch(() => {});
        const inflated = encoding && encoding !== 'identity' ? ` once decompressed (Content-Encoding ${encoding})` : '';
        return {
          ok: false,
          url,
          status,
          problem: `HTTP ${status} sent a body of more than the ${mib(maxBytes)} a source may send${inflated}; stopped reading there`,
        };
      }
      chunks.push(next.value);
    }
  } catch (error) {
    const why = signal.aborted
      ? `did not finish within ${timeoutMs / 1000} s (--timeout)`
      : `broke off (${(error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message})`;
    // An answer came: it is retried like no answer, but said as what it was.
    return { ok: false, url, status: null, problem: `HTTP ${status} answered, but its body ${why} after ${total} bytes` };
  }
  let body: string;
  try {
    const bytes = Buffer.concat(chunks, total);
    // Not held beside the text: a body near the limit would be in memory three times.
    chunks.length = 0;
    body = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return { ok: false, url, status, problem: `HTTP ${status} sent a body that is not valid UTF-8` };
  }
  return { ok: true, url, body, contentType: response.headers.get('content-type') ?? '' };
}

/**
 * A body as JSON, strictly (as imports are read, db/strict-json.ts): a key given
 * twice in one object is refused, not left to JSON.parse, which keeps the last
 * (a body giving xau twice stored gold at half its price), and so is deep nesting.
 */
export function parseStrictJson(text: string): { json: unknown } | { problem: string } {
  // The shape first, so that a body of a million keys or nested a million deep is refused before
  // JSON.parse builds it; on text that is no JSON at all the scan may throw, and JSON.parse says where.
  const shape = new Problems('body');
  let shaped = true;
  try {
    shaped = checkJsonShape(text, shape, "a source's answer nests 2", MAX_SOURCE_JSON_VALUES);
  } catch {
    // not JSON at all: JSON.parse below says where
  }
  if (!shaped) return { problem: `not strict JSON (${shape.first()})` };
  try {
    return { json: JSON.parse(text) };
  } catch (error) {
    return { problem: `not valid JSON (${(error as Error).message.slice(0, 200)})` };
  }
}
