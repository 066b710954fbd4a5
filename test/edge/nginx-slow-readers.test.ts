// Issue 31: nginx's memory under clients that never read. A composed answer
// longer than SPOOL_BYTES leaves njs through a file of the spool (the backend
// serves the file), so njs, whose memory lasts as long as its request, ends as
// soon as it has composed. Before, with many long ranges asked at once, every
// one was composed before the first had been read by the front, and each held
// about three times its size: 100 clients, 1.3 GB (BENCHMARKS.md).
// The 2 × 20-year snapshot of the benchmarks: the whole history is 4.4 MB,
// more than the backend's socket takes in one write (sndbuf=4m).
import { readFileSync } from 'node:fs';
import { chmod, chown, mkdir, readdir, readFile, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { SPOOL_BYTES, SPOOL_SECONDS } from '../../generator/edges/nginx/spool.ts';
import { build, LAST_DATE, makeDatabase, type BenchDatabase } from '../../scripts/bench-data.ts';
import { childrenOf, memory } from '../../scripts/proc-stats.ts';
import { request, type Answer } from '../support/http.ts';
import { nginxMissing, startNginx, type NginxServer } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';

const missing = skipOrFail(nginxMissing(), 'the nginx slow-readers test');
const CLIENTS = 20;

/** nginx's master and its workers: their resident sets summed, bytes. */
function nginxRss(nginx: NginxServer): number {
  const master = Number(readFileSync(path.join(nginx.prefix, 'nginx.pid'), 'utf8').trim());
  let total = 0;
  for (const pid of [master, ...childrenOf(master).map((child) => child.pid)]) {
    try {
      total += memory(pid).rss;
    } catch {
      // a process that just ended
    }
  }
  return total;
}

/** The spool's files (a folder a second): `SECOND/NAME.json`. */
async function spoolFiles(nginx: NginxServer): Promise<string[]> {
  const names = await readdir(path.join(nginx.prefix, 'spool'), { recursive: true }).catch(() => []);
  return names.filter((name) => name.endsWith('.json'));
}

/** What a client sees of an answer: status, bytes and the router's headers. */
function seen(answer: Answer): unknown {
  const h = answer.headers;
  return {
    status: answer.status,
    length: answer.bytes.length,
    bytes: answer.bytes.toString('base64'),
    headers: [h['content-type'], h['content-length'], h['etag'], h['cache-control'], h['access-control-allow-origin'], h['access-control-expose-headers']],
  };
}

describe.skipIf(missing !== null)(`nginx under clients that never read${missing ? ` (skipped: ${missing})` : ''}`, () => {
  let bench: BenchDatabase;
  let preview: Preview;
  let nginx: NginxServer;

  beforeAll(async () => {
    bench = await makeDatabase(20);
    const out = path.join(bench.dir, 'public');
    await build(bench.db, out, LAST_DATE);
    [preview, nginx] = await Promise.all([startPreview({ dir: out, port: 0 }), startNginx(out)]);
  }, 180_000);

  afterAll(async () => {
    await Promise.all([preview?.close(), nginx?.stop()]);
    await bench?.cleanUp();
  });

  it('sends a long composed answer from a spool file, as the preview sends it (GET, HEAD, If-None-Match, through the cache or not, a dot segment), and sweeps old files', async () => {
    const spool = path.join(nginx.prefix, 'spool');
    // A folder of a second more than SPOOL_SECONDS ago, which the next spooled answer sweeps.
    const oldSecond = String(Math.floor(Date.now() / 1000) - SPOOL_SECONDS - 60);
    await mkdir(path.join(spool, oldSecond));
    await writeFile(path.join(spool, oldSecond, 'old.json'), 'x');
    // The workers' (nginx made the spool for them).
    const { uid, gid } = await stat(spool);
    for (const made of [path.join(spool, oldSecond), path.join(spool, oldSecond, 'old.json')]) await chown(made, uid, gid);
    for (const headers of [{}, { 'if-none-match': '"x"' }] as Record<string, string>[]) {
      const target = '/api/v1/rates?start_date=2005-02-03';
      const before = await spoolFiles(nginx);
      const [n, p] = await Promise.all([request(nginx.url, target, { headers }), request(preview.url, target, { headers })]);
      expect(p.bytes.length).toBeGreaterThan(4 * 2 ** 20);
      expect(seen(n)).toEqual(seen(p));
      // One new file: the answer, byte for byte.
      const added = (await spoolFiles(nginx)).filter((name) => !before.includes(name));
      expect(added).toHaveLength(1);
      expect((await readFile(path.join(spool, added[0]!))).equals(p.bytes)).toBe(true);
      const [nh, ph] = await Promise.all([request(nginx.url, target, { method: 'HEAD', headers }), request(preview.url, target, { method: 'HEAD', headers })]);
      expect(seen(nh)).toEqual(seen(ph));
      const etag = { 'if-none-match': p.headers['etag']! };
      const [n304, p304] = await Promise.all([request(nginx.url, target, { headers: etag }), request(preview.url, target, { headers: etag })]);
      expect(seen(n304)).toEqual(seen(p304));
      expect(n304.status).toBe(304);
    }
    expect((await readdir(spool)).includes(oldSecond)).toBe(false);
    // A target with a dot segment, which njs resolves on the front: composed by the backend too.
    const odd = '/api/v1/./rates?start_date=2005-03-04';
    const seenBefore = await spoolFiles(nginx);
    const [on, op] = await Promise.all([request(nginx.url, odd), request(preview.url, odd)]);
    expect(seen(on)).toEqual(seen(op));
    expect((await spoolFiles(nginx)).filter((name) => !seenBefore.includes(name))).toHaveLength(1);
    // A short answer leaves njs directly.
    const before = await spoolFiles(nginx);
    const short = await request(nginx.url, '/api/v1/rates?start_date=2024-05-01', { headers: { 'if-none-match': '"x"' } });
    expect(short.bytes.length).toBeLessThan(SPOOL_BYTES);
    expect(await spoolFiles(nginx)).toEqual(before);
    // A spool njs cannot write: the answer is sent directly, the same.
    const mode = (await stat(spool)).mode;
    await chmod(spool, 0o500);
    try {
      const target = '/api/v1/rates?start_date=2006-02-03';
      const [n, p] = await Promise.all([request(nginx.url, target), request(preview.url, target)]);
      expect(seen(n)).toEqual(seen(p));
    } finally {
      await chmod(spool, mode);
    }
  }, 60_000);

  it(`holds less than the answers themselves for ${CLIENTS} clients asking different long ranges at once and never reading`, async () => {
    const idle = nginxRss(nginx);
    const earlier = await spoolFiles(nginx);
    const answer = (await request(nginx.url, '/api/v1/rates?start_date=2004-06-20')).bytes.length;
    const sockets: net.Socket[] = [];
    try {
      for (let i = 0; i < CLIENTS; i++) {
        const month = 6 + i;
        const target = `/api/v1/rates?start_date=${2004 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}-15`;
        const socket = net.connect(Number(new URL(nginx.url).port), '127.0.0.1');
        socket.on('error', () => {});
        socket.pause();
        socket.write(`GET ${target} HTTP/1.1\r\nHost: localhost\r\n\r\n`);
        sockets.push(socket);
      }
      // Until every answer is composed (one new spool file each, the first request's too, seen
      // before it is swept), or 15 s.
      let peak = 0;
      const started = Date.now();
      const spooled = new Set<string>();
      while (Date.now() - started < 15_000 && spooled.size <= CLIENTS) {
        peak = Math.max(peak, nginxRss(nginx));
        for (const name of await spoolFiles(nginx)) if (!earlier.includes(name)) spooled.add(name);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await new Promise((resolve) => setTimeout(resolve, 300));
      peak = Math.max(peak, nginxRss(nginx));
      expect(answer).toBeGreaterThan(4 * 2 ** 20);
      expect(peak - idle, `peak over idle, against ${CLIENTS} answers of ${answer} bytes`).toBeLessThan(CLIENTS * answer);
    } finally {
      for (const socket of sockets) socket.destroy();
    }
  }, 60_000);
});
