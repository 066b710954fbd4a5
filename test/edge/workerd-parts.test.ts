// Issue 31: the worker pipes a long range's middle from parts (router/pieces.ts).
// A part damaged in a tree `verify` has not passed (truncated, grown by a
// changed figure, emptied, removed) must never go out as a body under the
// answer's ETag, and (issue 43) never with a 200: the first answer of an
// isolate that needs a part reads and measures it before anything is sent, so
// a part missing or of another length is answered from the blocks, by that
// answer and every later one of the isolate (which pipe the parts found good
// unread). Each runtime here is asked the range twice: the first answer
// measures the parts, the second pipes them or remembers them damaged.
// The oracle is the preview, whose text path never reads a part (router.ts
// assemble over planRange's block files).
import { copyFile, cp, mkdtemp, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { main } from '../../generator/cli.ts';
import { paths } from '../../generator/router/layout.ts';
import { piecedRange, planPieces, tallyOf } from '../../generator/router/pieces.ts';
import { route, type Plan } from '../../generator/router/router.ts';
import type { MonthCounts, RoutingIndex } from '../../generator/model/schemas.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { request } from '../support/http.ts';
import { startWorkerd } from '../support/workerd-server.ts';

const AS_OF = '2025-09-01';
// Fifteen years of the monthly history: its middle is several parts (years, a half decade).
const RANGE = '/api/v1/rates?start_date=2009-03-15&end_date=2024-06-14&subcategory=1';

let work: string;
let tree: string;
let preview: Preview;
/** The parts the worker pipes for RANGE, as the core plans them from the tree's own counts. */
let piped: string[];
let good: { status: number; etag: string | undefined; body: Buffer };

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'nisab-parts-'));
  const out = path.join(work, 'public');
  const exitCode = process.exitCode;
  await main(['build', '--out', out, '--as-of', AS_OF]);
  expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
  const built = await realpath(out);
  // A copy to damage; the preview answers from the tree as built.
  tree = path.join(work, 'damaged');
  await cp(built, tree, { recursive: true });
  preview = await startPreview({ dir: built, port: 0 });
  const answer = await request(preview.url, RANGE);
  good = { status: answer.status, etag: answer.headers.etag, body: answer.bytes };
  const index = JSON.parse(await readFile(path.join(built, paths.routing), 'utf8')) as RoutingIndex;
  const range = piecedRange(route({ method: 'GET', url: RANGE, ifNoneMatch: null }, index) as Plan)!;
  const counts = JSON.parse(await readFile(path.join(built, range.counts), 'utf8')) as MonthCounts;
  piped = planPieces(range, index.asOf, tallyOf(counts))
    .filter((piece) => piece.piped && piece.records > 0)
    .map((piece) => piece.path);
});

afterAll(async () => {
  await preview?.close();
  if (work) await rm(work, { recursive: true, force: true });
});

interface Reply {
  status: number;
  etag: string | undefined;
  body: Buffer;
  /** The transfer failed: the connection ended short of the Content-Length the answer declared. */
  broken: boolean;
}

/**
 * The real worker with assets that state each part's length, as a service that
 * sends a file with its Content-Length would (Cloudflare's, which miniflare
 * runs, sends none): the worker can then refuse a damaged part before it sends.
 */
const LENGTHS_WORKER = `import real from './real-worker.mjs';
export default {
  fetch(request, env, ctx) {
    const assets = {
      async fetch(input, init) {
        const response = await env.ASSETS.fetch(input, init);
        const url = new URL(typeof input === 'string' ? input : input.url);
        if (!response.ok || !url.pathname.startsWith('/v1/parts/')) return response;
        const bytes = await response.arrayBuffer();
        const headers = new Headers(response.headers);
        headers.set('content-length', String(bytes.byteLength));
        return new Response(bytes, { status: response.status, headers });
      },
    };
    return real.fetch(request, { ...env, ASSETS: assets }, ctx);
  },
};
`;

/** The range from workerd serving the damaged copy, asked twice (a fresh runtime: nothing kept from before the damage). */
async function fromWorker(withLengths = false): Promise<Reply[]> {
  const worker = path.join(tree, '_worker.js');
  const real = path.join(tree, 'real-worker.mjs');
  if (withLengths) {
    await copyFile(worker, real);
    await writeFile(worker, LENGTHS_WORKER);
  }
  const workerd = await startWorkerd(tree).finally(async () => {
    if (withLengths) {
      await copyFile(real, worker);
      await rm(real);
    }
  });
  try {
    const replies: Reply[] = [];
    for (let i = 0; i < 2; i++) {
      const answer = await request(workerd.url, RANGE).catch(() => null);
      if (answer === null) replies.push({ status: 0, etag: undefined, body: Buffer.alloc(0), broken: true });
      else {
        const declared = answer.headers['content-length'];
        const broken = declared !== undefined && Number(declared) !== answer.bytes.length;
        replies.push({ status: answer.status, etag: answer.headers.etag, body: answer.bytes, broken: broken });
      }
    }
    return replies;
  } finally {
    await workerd.stop();
  }
}

/** The good answer, whole, with its ETag: answered from the blocks where a part is damaged (never a 200 with another body, nor a transfer broken off). */
function expectGood(answers: Reply[], what: string) {
  answers.forEach((answer, i) => {
    expect([answer.status, answer.etag, answer.broken], `${what}, answer ${i + 1}`).toEqual([200, good.etag, false]);
    expect(answer.body.equals(good.body), `${what}, answer ${i + 1}: a 200 with another body`).toBe(true);
  });
}

describe('the worker and a damaged part (issue 31)', () => {
  it('the range pipes parts, and the intact tree answers it as the preview does', async () => {
    expect(good.status).toBe(200);
    expect(piped.length).toBeGreaterThanOrEqual(2);
    expectGood(await fromWorker(), 'the intact tree');
    // One runtime asked twice: 20 s under a load of 48.
  }, 120_000);

  it("where the assets state a part's length, a damaged part is answered from the blocks before anything is sent", async () => {
    const part = piped[0]!;
    const file = path.join(tree, part);
    const saved = `${file}.saved`;
    await copyFile(file, saved);
    try {
      expectGood(await fromWorker(true), part);
      const text = await readFile(file, 'utf8');
      for (const damaged of [text.replace(/"drtInUSD":([0-9])/, '"drtInUSD":9$1'), text.slice(0, 100)]) {
        await writeFile(file, damaged);
        expectGood(await fromWorker(true), part);
      }
    } finally {
      await copyFile(saved, file);
      await rm(saved);
    }
    // Three runtimes asked twice each: about 60 s under a load of 48.
  }, 240_000);

  // Each damage to the first piped part or the last, the part restored after.
  const damages: [string, 'first' | 'last', (text: string) => string | null][] = [
    // A price with one more digit: still JSON, a wrong figure, the length one byte more.
    ['a changed price', 'first', (text) => text.replace(/"drtInUSD":([0-9])/, '"drtInUSD":9$1')],
    ['truncated mid-record', 'last', (text) => text.slice(0, Math.floor(text.length / 2))],
    ['emptied', 'first', () => ''],
    ['removed', 'last', () => null],
  ];
  for (const [name, which, damage] of damages) {
    it(`a part ${name} (the ${which} piped) is never sent: the range comes from the blocks, a 200 with the good body`, async () => {
      for (const part of [which === 'first' ? piped[0]! : piped[piped.length - 1]!]) {
        const file = path.join(tree, part);
        const saved = `${file}.saved`;
        await copyFile(file, saved);
        try {
          const text = await readFile(file, 'utf8');
          const damaged = damage(text);
          if (damaged === null) await rm(file);
          else {
            expect(damaged, `${name} changes ${part}`).not.toBe(text);
            await writeFile(file, damaged);
          }
          expectGood(await fromWorker(), `${part} ${name}`);
        } finally {
          await copyFile(saved, file);
          await rm(saved);
        }
      }
      // One runtime asked twice: 11 to 33 s under a load of 48.
    }, 120_000);
  }
});
