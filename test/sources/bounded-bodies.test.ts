// Issue 25: a source's body is read within bounds. A body without end, one that
// inflates to gigabytes, a slow one and one giving a key twice each end in a
// message that says what happened, and nothing past the limit is read.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { getText, type HttpPolicy } from '../../generator/sources/http.ts';
import { parseJsonBody } from '../../generator/sources/source.ts';

const LIMIT = 1024 * 1024;
const POLICY: HttpPolicy = { timeoutMs: 10_000, retries: 0, retryDelayMs: 0, maxBodyBytes: LIMIT };
const servers: http.Server[] = [];

afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function serve(handler: http.RequestListener): Promise<string> {
  const server = http.createServer(handler);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/usd.json`;
}

describe('source bodies within bounds', () => {
  it('a streamed body claiming 2 GB: reading stops at the limit (it crashed fetch at 4.3 GB)', async () => {
    let written = 0;
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      const chunk = Buffer.alloc(64 * 1024, 0x20);
      // writes while the socket takes them, up to 2 GB: only the client's stopping ends it
      const pump = () => {
        while (written < 2 * 1024 ** 3) {
          written += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
        res.end();
      };
      res.on('close', () => res.removeAllListeners('drain'));
      pump();
    });
    const result = await getText(url, POLICY);
    expect(result).toMatchObject({ ok: false, status: 200 });
    expect(!result.ok && result.problem).toMatch(/HTTP 200 sent a body of more than the 1 MiB a source may send; stopped reading there/);
    // the server got no further than the limit and what the sockets buffer
    expect(written).toBeLessThan(LIMIT + 32 * 1024 * 1024);
  });

  it('a declared length over the limit is not read at all', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(2 * 1024 ** 3) });
      res.write('{');
    });
    const result = await getText(url, POLICY);
    expect(!result.ok && result.problem).toMatch(/declared a body of 2147483648 bytes, more than the 1 MiB a source may send; not read/);
  });

  for (const [encoding, compress] of [
    ['gzip', zlib.gzipSync],
    ['deflate', zlib.deflateSync],
    ['br', zlib.brotliCompressSync],
  ] as const) {
    it(`a ${encoding} bomb: counted after decompression (compressed bodies reached 1.1-3.3 GB)`, async () => {
      const bomb = compress(Buffer.alloc(16 * 1024 * 1024, 0x20));
      expect(bomb.length).toBeLessThan(LIMIT);
      const url = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': encoding, 'content-length': String(bomb.length) });
        res.end(bomb);
      });
      const result = await getText(url, POLICY);
      expect(!result.ok && result.problem).toMatch(new RegExp(`more than the 1 MiB a source may send once decompressed \\(Content-Encoding ${encoding}\\)`));
    });
  }

  it('a body slower than the timeout: said as a slow body, not as no answer', async () => {
    const url = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"date":');
    });
    const result = await getText(url, { ...POLICY, timeoutMs: 500 });
    expect(!result.ok && result.problem).toMatch(/^HTTP 200 answered, but its body did not finish within 0\.5 s \(--timeout\) after 8 bytes \(1 attempt\)$/);
    expect(!result.ok && result.problem).not.toMatch(/no answer/);
  });

  it('no answer at all within the timeout: "no answer", naming the timeout', async () => {
    const url = await serve(() => {});
    const result = await getText(url, { ...POLICY, timeoutMs: 500 });
    expect(!result.ok && result.problem).toBe('no answer within 0.5 s (--timeout) (1 attempt)');
  });

  it('a key given twice (xau twice stored gold at 64.30 instead of 132.75 USD/g), and nested keys', async () => {
    for (const body of [
      '{"date":"2026-09-29","usd":{"xau":0.000243,"xag":0.0196,"ngn":1530,"xau":0.0005}}',
      '{"date":"2026-09-29","date":"2026-09-30","usd":{}}',
    ]) {
      const url = await serve((_req, res) => {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(body);
      });
      const result = await getText(url, POLICY);
      expect(result.ok).toBe(true);
      const parsed = parseJsonBody(result as Extract<typeof result, { ok: true }>);
      expect('problem' in parsed && parsed.problem).toMatch(/^not strict JSON \(body:1: (xau|date): given twice in one object/);
    }
  });

  it('a million keys in one object: refused by the scan, before JSON.parse builds them (it cost 240 MB to parse and refuse)', () => {
    const body = `{"date":"2026-09-29","usd":{${Array.from({ length: 1_000_000 }, (_, i) => `"k${i}":1`).join(',')}}}`;
    const parsed = parseJsonBody({ ok: true, url: 'http://127.0.0.1/usd.json', body, contentType: 'application/json' });
    expect('problem' in parsed && parsed.problem).toBe('not strict JSON (body:1: json: more than 10000 keys in one object)');
  });

  it('many small values: refused by the scan past 200,000 (63 MiB of {} cost 2.1 GB to parse), while the real bodies pass', async () => {
    const parse = (body: string) => parseJsonBody({ ok: true, url: 'http://127.0.0.1/usd.json', body, contentType: 'application/json' });
    for (const body of [`[${'{},'.repeat(1_000_000)}{}]`, `[${'[],'.repeat(300_000)}[]]`, `{"rows":[${'1,'.repeat(250_000)}1]}`]) {
      expect('problem' in parse(body) && (parse(body) as { problem: string }).problem).toBe('not strict JSON (body:1: json: more than 200,000 values)');
    }
    expect(parse(`[${'1,'.repeat(199_998)}1]`)).toHaveProperty('json');
    // The recorded bodies of both sources.
    const { readFile } = await import('node:fs/promises');
    for (const file of ['currency-api/usd-2026-09-29.json', 'cbn/GetAllNFEM_Rates.json']) {
      expect(parse(await readFile(new URL(`../fixtures/sources/${file}`, import.meta.url), 'utf8')), file).toHaveProperty('json');
    }
  });
});
