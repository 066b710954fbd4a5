// The edge module: `_worker.js` at the root of every snapshot, bundled from this
// file by the build, deployed as a Worker with static assets (wrangler.jsonc) or
// as Cloudflare Pages' advanced mode (_routes.json). It reads the snapshot's own
// files through env.ASSETS, so the same worker serves whatever tree it ships with.
// Tested in the real runtime (workerd, through miniflare): test/edge/.
import { paths } from '../../router/layout.ts';
import { assembleBytes, listedRange } from '../../router/list-bytes.ts';
import { assemblePieces, piecedRange, planPieces, tallyOf, type MonthTally, type PiecedRange } from '../../router/pieces.ts';
import { respondTo, staticNotFound, unreadable } from '../../router/respond.ts';
import { apiPath, etagOf, finalize, normalizeTarget, route, type ApiResponse, type Plan } from '../../router/router.ts';
import type { MonthCounts, RoutingIndex } from '../../model/schemas.ts';

interface Env {
  ASSETS: { fetch(input: Request | string): Promise<Response> };
}

async function sha1Hex(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-1', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

type Part = string | Uint8Array | ReadableStream<Uint8Array>;

function toResponse(answer: ApiResponse<Part>, method: string): Response {
  if (!answer.sendBody || method === 'HEAD') {
    // Parts piped from the assets that will not be sent: let the assets go.
    for (const part of answer.parts ?? []) if (part instanceof ReadableStream) part.cancel().catch(() => {});
    return new Response(null, { status: answer.status, headers: answer.headers });
  }
  return new Response(answer.parts === null ? answer.body : (inOne(answer.parts) ?? partStream(answer.parts)), {
    status: answer.status,
    headers: answer.headers,
  });
}

/**
 * A composed answer up to this size is sent as one buffer: the runtime sends a
 * buffer without our isolate, where a stream costs it every write (a 30-day
 * range at 10 × 50 years, about 90 kB, is most of what this saves).
 */
const IN_ONE_BYTES = 256 * 1024;

/** The parts as one buffer, or null when one is piped from the assets or they are longer than IN_ONE_BYTES (a text by its length, less than its bytes). */
function inOne(parts: Part[]): Uint8Array<ArrayBuffer> | null {
  let length = 0;
  for (const part of parts) {
    if (part instanceof ReadableStream) return null;
    length += part.length;
  }
  if (length > IN_ONE_BYTES) return null;
  const encoder = new TextEncoder();
  const bytes = parts.map((part) => (typeof part === 'string' ? encoder.encode(part) : (part as Uint8Array)));
  length = 0;
  for (const part of bytes) length += part.length;
  const whole = new Uint8Array(length);
  let at = 0;
  for (const part of bytes) {
    whole.set(part, at);
    at += part.length;
  }
  return whole;
}

/**
 * The bytes the parts will send, when every piped part's is known (checkedPart),
 * with their texts encoded (counted once; they are the answer's head, tail and
 * separators); null when one is not.
 */
function measured(parts: Part[], encoder: TextEncoder): { parts: Part[]; length: number } | null {
  let length = 0;
  const encoded: Part[] = [];
  for (const part of parts) {
    if (part instanceof ReadableStream) {
      const known = partLengths.get(part);
      if (known === undefined) return null;
      length += known;
      encoded.push(part);
      continue;
    }
    const bytes = typeof part === 'string' ? encoder.encode(part) : part;
    length += bytes.length;
    encoded.push(bytes);
  }
  return { parts: encoded, length: length };
}

/** workerd's own byte stream (Cloudflare's IdentityTransformStream): what is written to its writable is read from its readable as it is. */
declare const IdentityTransformStream: new () => { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };
/** The same, for exactly `length` bytes: the response it makes has that Content-Length, and more bytes, or a close before all, error it. */
declare const FixedLengthStream: new (length: number) => { readable: ReadableStream<Uint8Array>; writable: WritableStream<Uint8Array> };

/** The length each part piped from the assets was checked to have (checkedPart). */
const partLengths = new WeakMap<ReadableStream<Uint8Array>, number>();

/**
 * A composed body sent part by part, each text encoded only when the client has
 * taken the part before (a write resolves once it is read; never held whole); a
 * part already in bytes (records cut from a block, see piped) goes out as it is,
 * and an asset's body (a part of a block, see pieced) is piped into it by the
 * runtime without passing through JavaScript. Written to the runtime's own
 * stream, not a JavaScript ReadableStream: workerd moved the latter's chunks at
 * several times the CPU (BENCHMARKS.md, issue 24). With piped parts, the texts
 * are encoded at once to count the answer (they are its head, tail and
 * separators) and the stream is of that length (see checkedPart).
 */
function partStream(given: Part[]): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const total = measured(given, encoder);
  const parts = total === null ? given : total.parts;
  // Of a known length, the answer says so (Content-Length) and the runtime holds
  // it to it: a part that breaks off or runs long (checkedPart) ends the
  // answer short of its length, which every client and cache takes for a
  // failed transfer, never for a body.
  const stream = total === null ? new IdentityTransformStream() : new FixedLengthStream(total.length);
  const send = async () => {
    for (let i = 0; i < parts.length; ) {
      const part = parts[i] as Part;
      if (part instanceof ReadableStream) {
        await part.pipeTo(stream.writable, { preventClose: true });
        i++;
        continue;
      }
      const writer = stream.writable.getWriter();
      for (; i < parts.length && !(parts[i] instanceof ReadableStream); i++) {
        const text = parts[i] as string | Uint8Array;
        await writer.write(typeof text === 'string' ? encoder.encode(text) : text);
      }
      writer.releaseLock();
    }
    await stream.writable.close();
  };
  // A client gone away rejects the writes: the rest is not sent, and the assets not yet piped are let go.
  send().catch((error) => {
    stream.writable.abort(error).catch(() => {});
    for (const part of parts) if (part instanceof ReadableStream && !part.locked) part.cancel().catch(() => {});
  });
  return stream.readable;
}

const decoder = new TextDecoder();
const decode = (bytes: Uint8Array) => decoder.decode(bytes);

/**
 * A composed range: every block read as bytes, cut to the range by a binary
 * search over its lines (core list-bytes.ts) and sent as it is, so the
 * megabytes of a long range are never decoded, searched or encoded again; only
 * the first and last record of each block are decoded, for the ETag. The same
 * bytes and ETag as the core's text path (the differential holds them equal).
 */
async function piped(plan: Plan, index: RoutingIndex, readBytes: (path: string) => Promise<Uint8Array>): Promise<ApiResponse<Part>> {
  const files = await Promise.all(plan.reads.map((read) => readBytes(read.path)));
  const answer = assembleBytes(plan, files, index, decode);
  answer.etag = etagOf(await sha1Hex(answer.etagKey));
  return finalize(answer, plan, index, Date.now());
}

/**
 * What this isolate has found of each part it was asked for: true, of the
 * length the month counts give it (partBytes); false, of another. An isolate
 * serves one deployment, whose files never change, so a part is read and
 * measured once, by the first answer that needs it, and piped unread after.
 */
const partsChecked = new Map<string, boolean>();

/**
 * A part's body, held to the length the month counts give it, so that a part
 * truncated, grown or emptied in a tree `verify` has not passed is never sent
 * as an answer under its ETag: false, and the range answered from its blocks,
 * when the part is missing or of another length. The first answer of an
 * isolate that needs a part reads it whole and measures it before anything is
 * sent (the assets' service answers without a length: miniflare's, which is
 * Cloudflare's code), and sends those bytes; later answers pipe it unread (a
 * length the assets state is checked all the same), at the length its parts
 * should make, counted by the runtime (partStream's FixedLengthStream, no
 * JavaScript per byte; workerd cannot pipe one such stream into another, so a
 * part is not counted alone). What this leaves to `verify` (it reads every
 * part): a change that keeps the part's length (docs/decisions.md: a digest
 * checked here would read every byte of every answer).
 */
async function checkedPart(path: string, bytes: number, asset: (path: string) => Promise<Response>): Promise<ReadableStream<Uint8Array> | Uint8Array | false> {
  const known = partsChecked.get(path);
  if (known === false) return false;
  const response = await asset(path).catch((error: Error) => {
    console.error(`${error.message}: the range is read from its blocks`);
    return null;
  });
  if (response === null || response.body === null) return false;
  const damaged = (length: number | string) => {
    partsChecked.set(path, false);
    console.error(`snapshot file /${path} has ${length} bytes where its scope's month counts give ${bytes}: the range is read from its blocks`);
    return false as const;
  };
  const length = response.headers.get('content-length');
  if (length !== null && Number(length) !== bytes) {
    response.body.cancel().catch(() => {});
    return damaged(length);
  }
  if (known === true) {
    partLengths.set(response.body, bytes);
    return response.body;
  }
  const body = new Uint8Array(await response.arrayBuffer());
  if (body.length !== bytes) return damaged(body.length);
  partsChecked.set(path, true);
  return body;
}

// Each scope's month counts, read and summed once per isolate, as the routing index is read.
const monthTallies = new Map<string, Promise<MonthTally>>();

/**
 * A range of three months or more (router/pieces.ts): the blocks in the middle
 * piped from the assets untouched, only the two ends read and cut. Null when
 * the pieces cannot answer it (see assemblePieces): piped does.
 */
async function pieced(plan: Plan, index: RoutingIndex, range: PiecedRange, asset: (path: string) => Promise<Response>): Promise<ApiResponse<Part> | null> {
  let tally = monthTallies.get(range.counts);
  if (tally === undefined) {
    tally = asset(range.counts).then(async (response) => tallyOf((await response.json()) as MonthCounts));
    monthTallies.set(range.counts, tally);
    tally.catch(() => monthTallies.delete(range.counts));
  }
  const known = await tally;
  const pieces = planPieces(range, index.asOf, known);
  // Every file at once; a part without records has no file. A part missing or
  // not of its length is false: answered from the blocks instead (piped).
  const bodies = await Promise.all(
    pieces.map(async (piece): Promise<Uint8Array | ReadableStream<Uint8Array> | null | false> => {
      if (!piece.piped) return new Uint8Array(await (await asset(piece.path)).arrayBuffer());
      return piece.records === 0 ? null : checkedPart(piece.path, piece.bytes, asset);
    }),
  );
  const letGo = () => {
    for (const body of bodies) if (body instanceof ReadableStream) body.cancel().catch(() => {});
  };
  if (bodies.includes(false)) {
    letGo();
    return null;
  }
  const answer = assemblePieces(plan, index, range, pieces, bodies as (Uint8Array | ReadableStream<Uint8Array> | null)[], known, decode);
  if (answer === null) {
    letGo();
    return null;
  }
  answer.etag = etagOf(await sha1Hex(answer.etagKey));
  const response = finalize(answer, plan, index, Date.now());
  // A 304 sends no parts: let the assets go.
  if (response.parts === null) for (const body of bodies) if (body instanceof ReadableStream) body.cancel().catch(() => {});
  return response;
}

/**
 * A path outside the bases: the file, or the core's static 404 envelope where
 * the assets have none (or fail on the path, as on `/%00`). The Workers target
 * sends here every path that names no file; Pages only the bases' first segments.
 */
async function staticAnswer(request: Request, env: Env): Promise<Response> {
  const response = await env.ASSETS.fetch(request).catch(() => null);
  if (response !== null && response.status !== 404 && response.status < 500) return response;
  return toResponse(staticNotFound(), request.method);
}

// The routing index, parsed once per isolate: an isolate serves one deployment,
// whose files never change (a new deployment starts new isolates). A failed read
// is not kept, so the next request tries again.
let routingIndex: Promise<RoutingIndex> | null = null;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const url = new URL(request.url);
    // The runtime has already resolved dot segments; this is the same reading the other servers do.
    const target = normalizeTarget(url.pathname + url.search);
    if (apiPath(target) === null) return staticAnswer(request, env);
    const asset = async (path: string) => {
      // By URL, not a Request: the binding makes the same GET, and our isolate builds one object less a file.
      const response = await env.ASSETS.fetch(`${url.origin}/${path}`);
      if (!response.ok) throw new Error(`snapshot file /${path} answered ${response.status}`);
      return response;
    };
    const read = async (path: string) => (await asset(path)).text();
    const readBytes = async (path: string) => new Uint8Array(await (await asset(path)).arrayBuffer());
    let answer: ApiResponse<Part> | null = null;
    try {
      routingIndex ??= read(paths.routing).then((text) => JSON.parse(text) as RoutingIndex);
      routingIndex.catch(() => (routingIndex = null));
      const index = await routingIndex;
      const plan = route({ method: request.method, url: target, ifNoneMatch: request.headers.get('if-none-match') }, index);
      const range = plan === null ? null : piecedRange(plan);
      if (plan !== null && range !== null) answer = (await pieced(plan, index, range, asset)) ?? (await piped(plan, index, readBytes));
      else if (plan !== null) answer = listedRange(plan) ? await piped(plan, index, readBytes) : await respondTo(plan, index, { read, sha1Hex, now: Date.now });
    } catch (error) {
      console.error(`${request.method} ${target}: ${(error as Error).message}`);
      return toResponse(unreadable(), request.method);
    }
    if (answer === null) return staticAnswer(request, env);
    return toResponse(answer, request.method);
  },
};
