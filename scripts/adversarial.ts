// Our own adversarial run (issue 25), kept apart from npm test: variants of the
// issue's classes against the preview and nginx on 127.0.0.1, and against the
// commands, counted rather than asserted.
//
//   npx tsx scripts/adversarial.ts            (short: a few minutes on a shared machine)
//   npx tsx scripts/adversarial.ts --long     (ten times the requests, imports and kills)
//   npx tsx scripts/adversarial.ts --only raw (one class: raw, random, swaps, hostile imports, hostile sources, kills)
//
// Prints, per class: how many cases ran, crashes (a server that stopped
// answering, an internal error), peak resident memory, databases changed by a
// command that failed, torn bodies (an answer equal to neither snapshot's) and
// answers under a base that are not the JSON envelope with CORS. Needs nginx and
// libnginx-mod-http-js (as npm test does); with neither, the nginx half is skipped
// and says so.
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, readFileSync } from 'node:fs';
import { mkdtemp, readdir, realpath, rename, rm, symlink, writeFile } from 'node:fs/promises';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import zlib from 'node:zlib';
import Database from 'better-sqlite3';
import { importFile } from '../generator/db/import-file.ts';
import { initDatabase } from '../generator/db/open.ts';
import { UserError } from '../generator/errors.ts';
import { buildSnapshot } from '../generator/snapshot/build.ts';
import { verifyTree } from '../generator/snapshot/verify.ts';
import { fetchDays } from '../generator/sources/fetch-days.ts';
import { fixtureBuild, makeFixture } from '../test/support/fixture.ts';
import { request, type Answer } from '../test/support/http.ts';
import { nginxMissing, startNginx, type NginxServer } from '../test/support/nginx-server.ts';
import { childrenOf, memory } from './proc-stats.ts';
import { random } from '../test/support/random.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCALE = process.argv.includes('--long') ? 10 : 1;
const N = { raw: 150 * SCALE, queries: 250 * SCALE, imports: 60 * SCALE, builds: 8 * SCALE, kills: 4 * SCALE, swapClients: 6, swapRequests: 150 * SCALE };

const next = random(25);
const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
const sha1 = (file: string) => createHash('sha1').update(readFileSync(file)).digest('hex');

interface Tally {
  cases: number;
  crashes: number;
  changedDatabases: number;
  torn: number;
  nonEnvelope: number;
  notes: string[];
}
const tallies = new Map<string, Tally>();
function tally(name: string): Tally {
  const found = tallies.get(name) ?? { cases: 0, crashes: 0, changedDatabases: 0, torn: 0, nonEnvelope: 0, notes: [] };
  tallies.set(name, found);
  return found;
}
/** Up to `keep` lines of what a class found (every hostile source's outcome is kept). */
const note = (t: Tally, line: string, keep = 8) => {
  if (t.notes.length < keep) t.notes.push(line);
};

const BASES = ['/api/v1', '/index.php/api/v1'];
const underBase = (target: string) => BASES.some((base) => target.startsWith(`${base}/`) || target === base || target.startsWith(`${base}?`));

/** An answer under a base must be the envelope, with CORS (a 204, a 304 or a HEAD has no body; an HTTP/0.9 answer, status -1, no headers). */
function envelopeProblem(answer: Answer, method: string): string | null {
  if (answer.status === 0) return 'no answer';
  if (answer.status === 204 || answer.status === 304 || method === 'HEAD') return null;
  if (answer.status !== -1 && answer.headers['access-control-allow-origin'] !== '*') return `${answer.status} without CORS`;
  try {
    const body = JSON.parse(answer.body) as { success?: unknown };
    return typeof body.success === 'boolean' ? null : `${answer.status} JSON without success`;
  } catch {
    return `${answer.status} not JSON: ${JSON.stringify(answer.body.slice(0, 60))}`;
  }
}

// ---- servers ------------------------------------------------------------

interface Served {
  name: string;
  url: string;
  pids(): number[];
  alive(): boolean;
  stop(): Promise<void>;
}

async function startPreviewChild(dir: string): Promise<Served> {
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'generator/main.ts', 'preview', '--dir', dir, '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /on (http:\/\/127\.0\.0\.1:\d+)/.exec(out);
      if (found) resolve(found[1]!);
    });
    child.once('exit', () => reject(new Error(`the preview exited: ${out}`)));
  });
  child.stdout!.resume();
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  return {
    name: 'preview',
    url,
    pids: () => [child.pid!],
    alive: () => !exited,
    stop: async () => {
      child.kill('SIGTERM');
      if (!exited) await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

function nginxServed(server: NginxServer): Served {
  const master = Number(readFileSync(path.join(server.prefix, 'nginx.pid'), 'utf8'));
  return {
    name: 'nginx',
    url: server.url,
    pids: () => [master, ...childrenOf(master).map((c) => c.pid)],
    alive: () => {
      try {
        process.kill(master, 0);
        return childrenOf(master).length > 0;
      } catch {
        return false;
      }
    },
    stop: () => server.stop(),
  };
}

const peaks = new Map<string, number>();
function notePeak(server: Served): void {
  let total = 0;
  for (const pid of server.pids()) {
    try {
      total += memory(pid).peak;
    } catch {
      // a worker that ended meanwhile
    }
  }
  peaks.set(server.name, Math.max(peaks.get(server.name) ?? 0, total));
}

// ---- 1. raw malformed requests ------------------------------------------

/**
 * Bytes on a socket until the server closes it, read as the answer: interim 1xx
 * answers (100 Continue) skipped, and an answer without a status line taken as
 * HTTP/0.9's (the body alone; status -1), which nginx gives a request line without a version.
 */
function raw(base: string, head: Buffer): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy());
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.on('close', () => {
      let all = Buffer.concat(chunks);
      for (;;) {
        const status = /^HTTP\/\d\.\d (\d{3})/.exec(all.subarray(0, 16).toString('latin1'));
        if (!status) return resolve({ status: all.length > 0 ? -1 : 0, headers: {}, body: all.toString('utf8'), bytes: all });
        const split = all.indexOf('\r\n\r\n');
        const lines = all
          .subarray(0, split === -1 ? all.length : split)
          .toString('latin1')
          .split('\r\n');
        const rest = split === -1 ? Buffer.alloc(0) : all.subarray(split + 4);
        if (status[1]!.startsWith('1')) {
          all = rest;
          continue;
        }
        const headers: Record<string, string> = {};
        for (const line of lines.slice(1)) {
          const colon = line.indexOf(':');
          if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
        }
        return resolve({ status: Number(status[1]), headers, body: rest.toString('utf8'), bytes: rest });
      }
    });
  });
}

const TARGETS = ['/api/v1/rates/latest', '/api/v1/meta', '/index.php/api/v1/nisab?date=2024-01-01', '/api/v1/rates?start_date=2024-01-01', '/api/v1/nope'];
function rawCase(): { head: Buffer; target: string; http09: boolean } {
  const target = pick(TARGETS);
  const host = 'Host: 127.0.0.1\r\n';
  const method = pick(['GET', 'HEAD', 'get', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'TRACE', 'CONNECT', 'PATCH', 'GE T', 'GET\x00']);
  const version = pick(['HTTP/1.1', 'HTTP/1.1', 'HTTP/1.0', 'HTTP/1.2', 'HTTP/2.0', 'HTTP/0.9', 'http/1.1', '']);
  const headers = [
    host,
    pick(['', 'Expect: junk\r\n', 'Expect: 100-continue\r\n']),
    pick(['', 'If-None-Match: "a"\r\nIf-None-Match: "b"\r\n', 'If-None-Match: *\r\n', 'If-Modified-Since: junk\r\n']),
    pick(['', 'Range: bytes=0-5\r\n', 'Range: bytes=9-1\r\n', 'Range: junk\r\n']),
    pick(['', `X-Big: ${'a'.repeat(Math.floor(next() * 20000))}\r\n`, 'Bad Header\r\n', 'X-NUL: a\x00b\r\n', ': empty\r\n']),
    pick(['', 'Transfer-Encoding: chunked\r\n\r\nzz\r\n', 'Content-Length: 5\r\n', 'Content-Length: -1\r\n', 'Content-Length: 1\r\nContent-Length: 2\r\n']),
  ];
  if (next() < 0.2) headers[0] = '';
  let path = target;
  if (next() < 0.3) path = path.replace('latest', pick(['lat%est', 'lat%00est', 'latest%ff', 'latest/../meta', 'latest\\x', 'latest#x', 'la test']));
  if (next() < 0.1) path = `http://127.0.0.1${path}`;
  if (next() < 0.05) path = `${path}?${'x'.repeat(9000)}`;
  const eol = next() < 0.1 ? '\n' : '\r\n';
  // A declared body is sent: a server waits for one that never comes, then closes without an answer.
  const body = headers.join('').includes('Content-Length: 5') ? 'hello' : '';
  const text = `${method} ${path} ${version}${eol}${headers.join('').replace(/\r\n/g, eol)}Connection: close${eol}${eol}${body}`;
  const head = Buffer.from(text, 'latin1');
  if (next() < 0.05) head[Math.floor(next() * head.length)] = Math.floor(next() * 256);
  return { head, target: path.replace(/^http:\/\/127\.0\.0\.1/, ''), http09: version === '' };
}

async function rawRequests(servers: Served[]): Promise<void> {
  const cases = Array.from({ length: N.raw }, rawCase);
  for (const server of servers) {
    const t = tally(`raw requests: ${server.name}`);
    let http09 = 0;
    let asked09 = 0;
    let unanswered09 = 0;
    for (const c of cases) {
      t.cases++;
      const answer = await raw(server.url, c.head);
      if (answer.status === -1) http09++;
      if (!server.alive()) {
        t.crashes++;
        note(t, `died after ${JSON.stringify(c.head.toString('latin1').slice(0, 80))}`);
        return;
      }
      if (answer.status >= 500 && answer.status !== 505) note(t, `${answer.status} for ${JSON.stringify(c.head.toString('latin1').slice(0, 60))}`);
      // A request line without a version is HTTP/0.9's, whose answer has no status line or headers (no CORS): counted apart.
      if (c.http09) {
        asked09++;
        if (answer.status === 0) unanswered09++;
        continue;
      }
      if (!underBase(c.target)) continue;
      const method = c.head.toString('latin1').split(' ')[0]!;
      const problem = envelopeProblem(answer, method);
      if (problem) {
        t.nonEnvelope++;
        const text = c.head.toString('latin1');
        note(t, `${problem} for ${JSON.stringify(text.slice(0, 70))} … ${JSON.stringify(text.slice(-90))} (${c.head.length} bytes)`);
      }
    }
    note(
      t,
      `${asked09} requests without an HTTP version (HTTP/0.9): ${asked09 - unanswered09} answered, ${unanswered09} closed unanswered; ${http09} answers were HTTP/0.9's (a body without status line or headers)`,
    );
    notePeak(server);
  }
}

// ---- 2. random queries ----------------------------------------------------

function randomQuery(): string {
  const endpoint = pick([
    '/rates/latest',
    '/rates',
    '/nisab',
    '/subcategories',
    '/sources',
    '/meta',
    '/currencies',
    '/calendars/nigeria',
    '/rates/',
    '/nisab/1',
  ]);
  const value = () =>
    pick([
      '2024-01-01',
      '2021-06-20',
      '0000-01-01',
      '9999-12-31',
      '2024-02-30',
      '1',
      '2',
      'gold',
      'silver',
      '-1',
      '1e3',
      '%00',
      '%ff',
      '%E2%82%A6',
      '',
      'x'.repeat(300),
      '1447-09-01',
      'nigeria',
      'GBP',
      'gbp',
      '2024-01-01%0A',
      '..%2f..%2f',
    ]);
  const names = ['date', 'start_date', 'end_date', 'subcategory', 'currency', 'hijri_date', 'calendar', 'x', 'DATE', 'date[]'];
  const parts = Array.from({ length: Math.floor(next() * 4) }, () => `${pick(names)}=${value()}`);
  return `${pick(BASES)}${endpoint}${parts.length ? `?${parts.join('&')}` : ''}`;
}

async function randomQueries(servers: Served[]): Promise<void> {
  const queries = Array.from({ length: N.queries }, randomQuery);
  const t = tally(`random queries: ${servers.map((s) => s.name).join(' vs ')}`);
  let differ = 0;
  for (const target of queries) {
    t.cases++;
    const answers = await Promise.all(
      servers.map((s) => request(s.url, target).catch(() => ({ status: 0, headers: {}, body: '', bytes: Buffer.alloc(0) }) as Answer)),
    );
    for (const [i, answer] of answers.entries()) {
      const problem = envelopeProblem(answer, 'GET');
      if (problem) {
        t.nonEnvelope++;
        note(t, `${servers[i]!.name}: ${problem} for ${target}`);
      }
      if (answer.status >= 500) note(t, `${servers[i]!.name}: ${answer.status} for ${target}`);
    }
    if (answers.length === 2 && (answers[0]!.status !== answers[1]!.status || !answers[0]!.bytes.equals(answers[1]!.bytes))) {
      differ++;
      note(t, `differ on ${target}: ${answers[0]!.status} / ${answers[1]!.status}`);
    }
  }
  note(t, `${differ} of ${queries.length} answers differ between ${servers.map((s) => s.name).join(' and ')}`);
  for (const server of servers) {
    if (!server.alive()) t.crashes++;
    notePeak(server);
  }
}

// ---- 3. hostile import files ----------------------------------------------

const RATE_HEADER = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira';
function hostileImport(): { kind: string; text: string | Buffer } {
  const kind = pick(['rates', 'rates', 'rates', 'nisab', 'subcategories', 'sources', 'fx', 'currencies', 'nigeria-calendar']);
  const date = () => pick(['2024-03-10', '0202-01-31', '0001-01-01', '9999-12-31', '2024-02-30', '2024-3-1', '', '2024-03-10T00:00', '20240310']);
  const num = () => pick(['65.1', '0', '-1', '1e308', '1e309', 'NaN', 'Infinity', '', '0x10', '65,1', '   65.1', '1'.repeat(400), '5e-324']);
  const sub = () => pick(['1', '2', '3', '99', '0', '-1', 'gold', '1.5', '']);
  switch (kind) {
    case 'rates': {
      const header = pick([RATE_HEADER, `${RATE_HEADER},drtNairaDate`, 'drtDate,drtInUSD', `\ufeff${RATE_HEADER}`, `${RATE_HEADER},${RATE_HEADER}`, '']);
      const rows = Array.from({ length: 1 + Math.floor(next() * 5) }, () =>
        [date(), sub(), num(), num(), ...(header.includes('NairaDate') ? [date()] : [])].join(','),
      );
      if (next() < 0.1) rows.push(rows[0]!);
      if (next() < 0.1) rows.push('"unclosed,quote');
      return { kind, text: [header, ...rows].join(next() < 0.2 ? '\r\n' : '\n') + '\n' };
    }
    case 'nisab': {
      const rule = () =>
        `{"nsbID":${pick(['90', '1', '-1', '1e309', '"9"'])},"nsbSubcategoryID":${pick(['1', '2', '99'])},"nsbThreshold":${pick(['85', '1e308', '0', '-5', 'null'])},"nsbThresholdUnit":${pick(['"gram"', '"gram "', '"kg"', '"head"', '""'])},"nsbRatePercent":${pick(['2.5', '101', '-1'])}${pick(['', ',"nsbID":91', ',"__proto__":{"x":1}', ',"nsbVariant":"' + 'v'.repeat(500) + '"'])}}`;
      return { kind, text: pick([`[${rule()}]`, `[${rule()},${rule()}]`, '[', '{}', '[]', '['.repeat(5000), `[${rule()}]garbage`]) };
    }
    case 'subcategories':
      return {
        kind,
        text: `sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault\n${pick(['40', '1', '0'])},${pick(['x-metal', '2', 'gold', 'Has Space', ''])},Name,${pick(['gram', 'kg', 'gram ', 'currency', ''])},${pick(['true', 'false', 'yes'])},${pick(['false', 'true'])}\n`,
      };
    case 'sources':
      return {
        kind,
        text: `srcID,srcName,srcURL,srcLicence,srcFigure\n${pick(['manual', 'x-src', ''])},Name,${pick(['https://example.org', 'javascript:alert(1)', ''])},CC0,${pick(['price', 'rate', 'junk'])}\n`,
      };
    case 'fx':
      return {
        kind,
        text: `fxDate,fxCurrency,fxPerUSD,fxSource\n${date()},${pick(['GBP', 'NGN', 'USD', 'XXX', 'gbp'])},${num()},${pick(['manual', 'nope'])}\n`,
      };
    case 'currencies':
      return { kind, text: `curCode,curName\n${pick(['GBP', 'XYZ', 'gbp', 'G'])},${pick(['Pound', '', 'x'.repeat(1000)])}\n` };
    default:
      return { kind, text: `nigMonth,nigFirstDay,nigSource\n${pick(['1447-09', '1447-13', 'x'])},${date()},${pick(['manual', 'nope'])}\n` };
  }
}

async function hostileImports(seedDb: string, work: string): Promise<void> {
  const t = tally('hostile import files');
  let builds = 0;
  for (let i = 0; i < N.imports; i++) {
    const { kind, text } = hostileImport();
    const db = path.join(work, `import-${i}.sqlite`);
    copyFileSync(seedDb, db);
    const file = path.join(work, `import-${i}.${kind === 'nisab' ? 'json' : 'csv'}`);
    await writeFile(file, text);
    const before = sha1(db);
    t.cases++;
    let accepted = false;
    try {
      const summary = await importFile(kind, file, db, {});
      accepted = summary.inserted + summary.updated > 0;
    } catch (error) {
      if (!(error instanceof UserError)) {
        t.crashes++;
        note(t, `import ${kind}: internal error ${(error as Error).message.slice(0, 120)}`);
      }
      if (sha1(db) !== before) {
        t.changedDatabases++;
        note(t, `import ${kind} failed and changed the database`);
      }
    }
    // What an import accepted must never stop a build with an internal error (issue 25).
    if (accepted && builds < N.builds) {
      builds++;
      const out = path.join(work, `out-${i}`);
      await buildSnapshot(fixtureBuild(db, out, { asOf: '2024-03-15' })).catch((error: unknown) => {
        if (!(error instanceof UserError)) {
          t.crashes++;
          note(t, `build after an accepted import ${kind}: internal error ${(error as Error).message.slice(0, 120)}`);
        } else note(t, `build refused what import ${kind} accepted: ${error.message.slice(0, 100)}`);
      });
      await rm(out, { recursive: true, force: true });
      await rm(path.join(work, `.out-${i}.snapshots`), { recursive: true, force: true });
    }
    await rm(db, { force: true });
    await rm(file, { force: true });
  }
  note(t, `${builds} builds after accepted imports`);
}

// ---- 4. hostile source bodies ---------------------------------------------

type Behaviour = (res: http.ServerResponse, valid: string) => void;
const big = (res: http.ServerResponse, total: number, chunk: Buffer, headers: http.OutgoingHttpHeaders = {}) => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers });
  let sent = 0;
  const pump = () => {
    while (sent < total) {
      sent += chunk.length;
      if (!res.write(chunk)) return void res.once('drain', pump);
    }
    res.end();
  };
  res.on('close', () => res.removeAllListeners('drain'));
  pump();
};
/** SIZE bytes of spaces compressed, made a MiB at a time (a source that inflates past the limit). */
async function compressed(make: () => zlib.Gzip | zlib.Deflate | zlib.BrotliCompress, size: number): Promise<Buffer> {
  const stream = make();
  const chunks: Buffer[] = [];
  stream.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise((resolve) => stream.once('end', resolve));
  const mib = Buffer.alloc(1024 * 1024, 0x20);
  for (let sent = 0; sent < size; sent += mib.length) if (!stream.write(mib)) await new Promise((resolve) => stream.once('drain', resolve));
  stream.end();
  await done;
  return Buffer.concat(chunks);
}
const BOMB_BYTES = 256 * 1024 * 1024;
const bomb = (make: () => zlib.Gzip | zlib.Deflate | zlib.BrotliCompress, name: string): Behaviour => {
  const body = compressed(make, BOMB_BYTES);
  return (res) =>
    void body.then((bytes) => res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': name, 'content-length': bytes.length }).end(bytes));
};
const edit = (valid: string, change: (usd: Record<string, unknown>) => void) => {
  const parsed = JSON.parse(valid) as { usd: Record<string, unknown> };
  change(parsed.usd);
  return JSON.stringify(parsed);
};

function behaviours(): [string, Behaviour][] {
  return [
    ['the recorded body (control)', (res, valid) => res.writeHead(200, { 'content-type': 'application/json' }).end(valid)],
    ['a 2 GB stream', (res) => big(res, 2 * 1024 ** 3, Buffer.alloc(64 * 1024, 0x20))],
    ['gzip bomb (256 MiB)', bomb(() => zlib.createGzip({ level: 9 }), 'gzip')],
    ['deflate bomb (256 MiB)', bomb(() => zlib.createDeflate({ level: 9 }), 'deflate')],
    ['br bomb (256 MiB)', bomb(() => zlib.createBrotliCompress({ params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }), 'br')],
    ['declares 2 GB, sends 1 byte', (res) => res.writeHead(200, { 'content-length': String(2 * 1024 ** 3) }).write('{')],
    ['headers, then nothing', (res) => res.writeHead(200, { 'content-type': 'application/json' }).write('{"date":')],
    ['xau twice', (res, valid) => res.writeHead(200).end(valid.replace('"usd": {', '"usd": {"xau": 0.00001,'))],
    ['xau 0', (res, valid) => res.writeHead(200).end(edit(valid, (usd) => (usd.xau = 0)))],
    ['xau negative', (res, valid) => res.writeHead(200).end(edit(valid, (usd) => (usd.xau = -0.0003)))],
    ['xau a string', (res, valid) => res.writeHead(200).end(edit(valid, (usd) => (usd.xau = '0.0003')))],
    ['xau 1e309', (res, valid) => res.writeHead(200).end(valid.replace(/"xau": [0-9.e-]+/, '"xau": 1e309'))],
    ['ngn 1e12', (res, valid) => res.writeHead(200).end(edit(valid, (usd) => (usd.ngn = 1e12)))],
    ['no usd', (res) => res.writeHead(200).end('{"date":"2025-12-31"}')],
    ['truncated JSON', (res, valid) => res.writeHead(200).end(valid.slice(0, 200))],
    ['nested 100,000 deep', (res) => res.writeHead(200).end(`{"usd":${'['.repeat(100000)}${']'.repeat(100000)}}`)],
    ['a million keys', (res) => res.writeHead(200).end(`{"date":"2025-12-31","usd":{${Array.from({ length: 1_000_000 }, (_, i) => `"k${i}":1`).join(',')}}}`)],
    ['__proto__ key', (res, valid) => res.writeHead(200).end(valid.replace('"usd": {', '"usd": {"__proto__": {"xau": 1},'))],
    ['not UTF-8', (res) => res.writeHead(200).end(Buffer.from([0x7b, 0xff, 0xfe, 0x7d]))],
    ['redirect to itself', (res) => res.writeHead(302, { location: '/again/2025-12-31.json' }).end()],
    ['429 always', (res) => res.writeHead(429, { 'retry-after': '3600' }).end()],
    ['500 HTML', (res) => res.writeHead(500, { 'content-type': 'text/html' }).end('<html>down</html>')],
    ['another date inside', (res, valid) => res.writeHead(200).end(valid.replace('"date": "2025-12-31"', '"date": "2020-01-01"'))],
  ];
}

async function sourcesDatabase(work: string): Promise<string> {
  const db = path.join(work, 'sources.sqlite');
  initDatabase(db);
  for (const kind of ['categories', 'subcategories', 'sources', 'currencies']) await importFile(kind, path.join(ROOT, 'data', `${kind}.csv`), db);
  return db;
}

async function hostileSources(work: string): Promise<void> {
  const t = tally('hostile source bodies');
  const seed = await sourcesDatabase(work);
  const valid = readFileSync(path.join(ROOT, 'test/fixtures/sources/currency-api/usd-2025-12-31.json'), 'utf8');
  const cbn = readFileSync(path.join(ROOT, 'test/fixtures/sources/cbn/GetAllNFEM_Rates.json'), 'utf8');
  for (const [name, behave] of behaviours()) {
    const server = http.createServer((req, res) => (req.url!.startsWith('/cbn') ? res.writeHead(200).end(cbn) : behave(res, valid)));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const db = path.join(work, 'fetch.sqlite');
    copyFileSync(seed, db);
    const before = sha1(db);
    t.cases++;
    const rssBefore = process.memoryUsage().rss;
    let outcome: string;
    try {
      const result = await fetchDays({
        db,
        dates: ['2025-12-31'],
        currencyUrls: [`${base}/{date}.json`],
        cbnBases: [`${base}/cbn`],
        policy: { timeoutMs: 3000, retries: 0, retryDelayMs: 0 },
        warn: () => {},
      } as Parameters<typeof fetchDays>[0]);
      outcome = `imported: ${result.lines.join(' ').slice(0, 110)}`;
    } catch (error) {
      if (!(error instanceof UserError)) {
        t.crashes++;
        outcome = `internal error: ${(error as Error).message.slice(0, 100)}`;
      } else outcome = `refused: ${(error.problems.at(-1) ?? error.message).replace(/\s+/g, ' ').slice(0, 150)}`;
      if (sha1(db) !== before) {
        t.changedDatabases++;
        outcome += ' (database changed)';
      }
    }
    const grew = (process.memoryUsage().rss - rssBefore) / 1024 / 1024;
    note(t, `${name}: ${outcome}${grew > 50 ? ` (+${grew.toFixed(0)} MB resident)` : ''}`, 40);
    server.closeAllConnections();
    server.close();
    await rm(db, { force: true });
  }
  peaks.set('this script (the imports, builds and fetches run in it)', process.resourceUsage().maxRSS * 1024);
}

// ---- 5. SIGKILL mid-command -------------------------------------------------

function rowsHash(db: string): string {
  const handle = new Database(db, { readonly: true });
  try {
    const ok = handle.pragma('integrity_check', { simple: true });
    if (ok !== 'ok') return `damaged: ${String(ok)}`;
    return createHash('sha1')
      .update(JSON.stringify(handle.prepare('SELECT * FROM rates ORDER BY drtID').all()))
      .digest('hex');
  } finally {
    handle.close();
  }
}

/** Runs the CLI; kills it with SIGKILL after `killAt` ms (never when null). Resolves with its exit code (null: killed) and how long it ran. */
async function runCli(command: string[], killAt: number | null): Promise<{ code: number | null; ms: number }> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', 'tsx', 'generator/main.ts', ...command], { cwd: ROOT, stdio: 'ignore' });
  const timer = killAt === null ? null : setTimeout(() => child.kill('SIGKILL'), killAt);
  const code = await new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  if (timer) clearTimeout(timer);
  return { code, ms: performance.now() - started };
}

/**
 * SIGKILL at a random moment of each command's own run: each kind is first run
 * whole to time it (and must succeed), then killed between 20 % and 95 % of that
 * time, so a kill lands mid-work rather than while tsx loads or after the end. An
 * import is killed on a fresh copy of the database each time (one that finished
 * would leave nothing for the next kill to interrupt).
 */
async function kills(fixtureDb: string, out: string, work: string): Promise<void> {
  const t = tally('SIGKILL mid-command');
  const big = path.join(work, 'big.csv');
  const rows = [RATE_HEADER];
  // 40,000 days from 1900 (to 2009): every date an import takes (none after today).
  for (let i = 0; i < 40_000; i++) {
    const day = new Date(Date.UTC(1900, 0, 1) + i * 86_400_000).toISOString().slice(0, 10);
    rows.push(`${day},3,${(1 + (i % 50) / 10).toFixed(2)},${(1 + i / 1000).toFixed(3)}`);
  }
  await writeFile(big, rows.join('\n') + '\n');
  const importDb = (k: number) => {
    const copy = path.join(work, `kill-${k}.sqlite`);
    copyFileSync(fixtureDb, copy);
    return copy;
  };
  const commands = {
    import: (db: string) => ['import', 'rates', big, '--db', db, '--accept-jumps'],
    build: (_db: string) => ['build', '--db', fixtureDb, '--out', out, '--as-of', '2024-03-15'],
  };
  const whole: Record<string, number> = {};
  // The rows of a whole import: a kill that lands after its COMMIT (while the process
  // exits) leaves these, which is the import done, not a database changed by a failure.
  let imported = '';
  for (const kind of ['import', 'build'] as const) {
    // Twice, the faster: the first run also fills tsx's cache of compiled files (5.8 s against 1.5 s for an import).
    const dbs = [importDb(-1), importDb(-2)] as const;
    const runs = [await runCli(commands[kind](dbs[0]), null), await runCli(commands[kind](dbs[1]), null)];
    if (kind === 'import') imported = rowsHash(dbs[1]);
    const failed = runs.find((run) => run.code !== 0);
    if (failed) note(t, `${kind} run whole to time it failed (exit ${failed.code})`);
    whole[kind] = Math.min(...runs.map((run) => run.ms));
    note(t, `${kind} runs whole in ${whole[kind]!.toFixed(0)} ms`);
  }
  let killed = 0;
  let afterCommit = 0;
  for (let k = 0; k < N.kills; k++) {
    const kind = k % 2 === 0 ? 'import' : 'build';
    const db = kind === 'import' ? importDb(k) : fixtureDb;
    const before = rowsHash(db);
    const served = await realpath(out);
    const delay = whole[kind]! * (0.2 + next() * 0.75);
    const { code, ms } = await runCli(commands[kind](db), delay);
    t.cases++;
    if (code === null) killed++;
    // Ended first: the machine got faster; the next kill of this kind aims within this run.
    else whole[kind] = Math.min(whole[kind]!, ms);
    const after = rowsHash(db);
    if (after.startsWith('damaged')) {
      t.crashes++;
      note(t, `${kind} killed at ${delay.toFixed(0)} ms: ${after}`);
    }
    if (code === null && after !== before && kind === 'import' && after === imported) afterCommit++;
    else if (code === null && after !== before) {
      t.changedDatabases++;
      note(t, `${kind} killed at ${delay.toFixed(0)} ms changed the database`);
    }
    const { problems } = await verifyTree(out);
    if (problems.length > 0) {
      t.torn++;
      note(t, `${kind} killed at ${delay.toFixed(0)} ms: --out fails verify (${problems[0]})`);
    }
    note(
      t,
      `${kind} ${code === null ? `killed at ${delay.toFixed(0)} ms` : `ended first (exit ${code})`}; --out ${(await realpath(out)) === served ? 'unchanged' : 'the new tree'}`,
    );
  }
  // The summary lines are kept however many kills were noted before them.
  const summary = (line: string) => t.notes.push(line);
  summary(`${killed} of ${t.cases} killed mid-command (${afterCommit} of them imports killed after their COMMIT, the whole file in)`);
  const store = path.join(path.dirname(out), `.${path.basename(out)}.snapshots`);
  summary(`left in the store after the kills: ${(await readdir(store)).filter((n) => !n.startsWith('snap-')).join(', ') || 'nothing'}`);
  // The next build sweeps what the killed ones left and takes over a lock a killed one held.
  const after = await runCli(commands.build(fixtureDb), null);
  summary(
    `a build after the kills: exit ${after.code}; left in the store: ${(await readdir(store)).filter((n) => !n.startsWith('snap-')).join(', ') || 'nothing'}`,
  );
  if (after.code !== 0) t.crashes++;
}

// ---- 6. swaps under load ----------------------------------------------------

const SWAP_PATHS = [
  '/',
  '/openapi.json',
  '/v1/meta.json',
  '/v1/downloads/rates/2024.csv',
  '/api/v1/rates/latest',
  '/api/v1/meta',
  '/api/v1/rates?start_date=2024-01-01',
  '/api/v1/nisab',
];

function get(agent: http.Agent, base: string, target: string): Promise<{ status: number; body: Buffer; length?: string }> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.get({ host: url.hostname, port: url.port, path: target, agent }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks), length: res.headers['content-length'] }));
      res.on('error', reject);
    });
    req.setTimeout(30_000, () => req.destroy(new Error('the answer did not complete')));
    req.on('error', reject);
  });
}

async function swapsUnderLoad(servers: Served[], out: string, trees: [string, string]): Promise<void> {
  const pointAt = async (tree: string) => {
    await symlink(path.relative(path.dirname(out), tree), `${out}.adv-link`);
    await rename(`${out}.adv-link`, out);
  };
  for (const server of servers) {
    const t = tally(`swaps under load: ${server.name}`);
    const references = new Map<string, Buffer[]>();
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    for (const tree of trees) {
      await pointAt(tree);
      for (const target of SWAP_PATHS) {
        const got = await get(agent, server.url, target);
        references.set(target, [...(references.get(target) ?? []), got.body]);
      }
    }
    agent.destroy();
    const stop = new SharedArrayBuffer(8);
    const flags = new Int32Array(stop);
    const swapper = new Worker(
      `const { workerData } = require('node:worker_threads'); const fs = require('node:fs');
       const stop = new Int32Array(workerData.stop); let swaps = 0;
       while (Atomics.load(stop, 0) === 0) { fs.symlinkSync(workerData.targets[swaps % 2], workerData.temp); fs.renameSync(workerData.temp, workerData.out); swaps++; Atomics.wait(stop, 0, 0, 1); }
       Atomics.store(stop, 1, swaps);`,
      { eval: true, workerData: { stop, targets: trees.map((tree) => path.relative(path.dirname(out), tree)), temp: `${out}.adv-swap`, out } },
    );
    const ended = new Promise((resolve) => swapper.once('exit', resolve));
    await Promise.all(
      Array.from({ length: N.swapClients }, async (_, client) => {
        const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 1 });
        for (let n = 0; n < N.swapRequests; n++) {
          const target = SWAP_PATHS[(n * 5 + client) % SWAP_PATHS.length]!;
          t.cases++;
          const got = await get(keepAlive, server.url, target).catch((error: Error) => error);
          if (got instanceof Error) {
            t.torn++;
            note(t, `${target}: ${got.message}`);
          } else if (!references.get(target)!.some((body) => body.equals(got.body)) || got.length !== String(got.body.length)) {
            t.torn++;
            note(t, `${target}: ${got.status}, ${got.body.length} bytes, Content-Length ${got.length}: neither tree's answer`);
          }
        }
        keepAlive.destroy();
      }),
    );
    Atomics.store(flags, 0, 1);
    await ended;
    note(t, `${flags[1]} swaps`);
    if (!server.alive()) t.crashes++;
    notePeak(server);
    await pointAt(trees[1]);
  }
}

// ---- the run ----------------------------------------------------------------

const started = Date.now();
const fixture = await makeFixture();
const work = await mkdtemp(path.join(os.tmpdir(), 'nisab-adversarial-'));
const servers: Served[] = [];
try {
  const treeA = await realpath(fixture.out);
  await buildSnapshot(fixtureBuild(fixture.db, fixture.out, { asOf: '2024-03-17', now: new Date('2024-03-17T00:05:00Z') }));
  const trees: [string, string] = [treeA, await realpath(fixture.out)];
  servers.push(await startPreviewChild(fixture.out));
  const missing = nginxMissing();
  if (missing) console.error(`nginx skipped: ${missing}`);
  else servers.push(nginxServed(await startNginx(fixture.out)));
  const seed = path.join(work, 'seed.sqlite');
  copyFileSync(fixture.db, seed);

  const phases: [string, () => Promise<void>][] = [
    ['raw requests', () => rawRequests(servers)],
    ['random queries', () => randomQueries(servers)],
    ['swaps under load', () => swapsUnderLoad(servers, fixture.out, trees)],
    ['hostile imports', () => hostileImports(seed, work)],
    ['hostile sources', () => hostileSources(work)],
    ['kills', () => kills(fixture.db, fixture.out, work)],
  ];
  const only = process.argv.indexOf('--only');
  for (const [name, run] of phases) {
    if (only !== -1 && !name.startsWith(process.argv[only + 1] ?? '')) continue;
    const at = Date.now();
    await run();
    console.error(`${name}: ${((Date.now() - at) / 1000).toFixed(0)} s`);
  }
} finally {
  for (const server of servers) await server.stop().catch(() => {});
  await fixture.remove();
  await rm(work, { recursive: true, force: true });
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
console.log(`| class | cases | crashes | databases changed by a failed command | torn bodies | non-envelope answers under a base |`);
console.log(`|---|---:|---:|---:|---:|---:|`);
for (const [name, t] of tallies) console.log(`| ${name} | ${t.cases} | ${t.crashes} | ${t.changedDatabases} | ${t.torn} | ${t.nonEnvelope} |`);
console.log(
  `\nPeak resident memory: ${[...peaks].map(([name, bytes]) => `${name} ${mb(bytes)}`).join(', ')}; ${((Date.now() - started) / 1000).toFixed(0)} s in all.\n`,
);
for (const [name, t] of tallies) if (t.notes.length > 0) console.log(`${name}:\n${t.notes.map((line) => `  - ${line}`).join('\n')}`);
