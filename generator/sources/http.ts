// The sources' one way to ask for a body over HTTP: a timeout on every request,
// a bounded number of retries for what may pass (no answer, 5xx, 429), none for
// what will not (404, other 4xx), and a cap on the body size. It never throws:
// the caller gets what happened, in words that name the URL.

export interface HttpPolicy {
  /** Per attempt, milliseconds. */
  timeoutMs: number;
  /** Further attempts after the first, for failures that may pass. */
  retries: number;
  /** Pause before retry n is n × this, milliseconds. */
  retryDelayMs: number;
}

export const DEFAULT_HTTP_POLICY: HttpPolicy = { timeoutMs: 20_000, retries: 2, retryDelayMs: 1_000 };

// The CBN's full exchange-rate history is the largest body a source sends (a few MB).
const MAX_BODY_BYTES = 64 * 1024 * 1024;

export type HttpResult =
  | { ok: true; url: string; body: string; contentType: string }
  | { ok: false; url: string; status: number | null; problem: string };

export async function getText(url: string, policy: HttpPolicy): Promise<HttpResult> {
  let last: HttpResult | undefined;
  for (let attempt = 0; attempt <= policy.retries; attempt++) {
    if (attempt > 0) await new Promise((resolve) => setTimeout(resolve, policy.retryDelayMs * attempt));
    last = await attemptOnce(url, policy.timeoutMs);
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

async function attemptOnce(url: string, timeoutMs: number): Promise<HttpResult> {
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const response = await fetch(url, { signal, redirect: 'follow', headers: { accept: 'application/json' } });
    if (!response.ok) {
      await response.body?.cancel();
      return { ok: false, url, status: response.status, problem: `HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}` };
    }
    const declared = Number(response.headers.get('content-length') ?? 0);
    if (declared > MAX_BODY_BYTES) {
      await response.body?.cancel();
      return { ok: false, url, status: response.status, problem: `the body is ${declared} bytes, more than the ${MAX_BODY_BYTES} a source may send` };
    }
    const body = await response.text();
    if (Buffer.byteLength(body) > MAX_BODY_BYTES) {
      return { ok: false, url, status: response.status, problem: `the body is more than the ${MAX_BODY_BYTES} bytes a source may send` };
    }
    return { ok: true, url, body, contentType: response.headers.get('content-type') ?? '' };
  } catch (error) {
    if (signal.aborted) return { ok: false, url, status: null, problem: `no answer within ${timeoutMs / 1000} s` };
    const cause = (error as { cause?: { code?: string; message?: string } }).cause;
    return { ok: false, url, status: null, problem: `no answer (${cause?.code ?? cause?.message ?? (error as Error).message})` };
  }
}
