// Hostile input over real HTTP: random bytes, broken encodings, traversal,
// huge values, repeated parameters. Never a 5xx, never anything but a JSON
// envelope, never a file from outside the snapshot.
import net from 'node:net';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { apiPath, normalizeTarget } from '../../generator/router/router.ts';
import { request } from '../support/http.ts';
import { useFixturePreview } from '../support/use-fixture.ts';

/** Sends a raw request line (bytes as given) and returns the status line and body. */
function raw(url: string, target: Buffer): Promise<{ status: number; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(port), hostname, () => {
      // write, not end: a half-closed socket may be dropped before the answer is sent
      socket.write(Buffer.concat([Buffer.from('GET '), target, Buffer.from(' HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n')]));
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => {
      const text = Buffer.concat(chunks).toString('latin1');
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(text)?.[1] ?? 0);
      resolve({ status, body: text.slice(text.indexOf('\r\n\r\n') + 4) });
    });
  });
}

describe('hostile requests', () => {
  const { preview } = useFixturePreview();

  const base = fc.constantFrom('/api/v1', '/index.php/api/v1');
  const endpoint = fc.constantFrom(
    '/rates',
    '/rates/latest',
    '/nisab',
    '/meta',
    '/subcategories',
    '/rates/',
    '/../manifest.json',
    '/%2e%2e/%2e%2e/etc/passwd',
    '/..%2f..%2f_worker.js',
    '',
  );
  const name = fc.constantFrom('start_date', 'end_date', 'subcategory', 'x', '', 'start%5Fdate', 'subcategory%00', '%ZZ');
  const value = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 40 }).map(encodeURIComponent),
    fc.constantFrom('%', '%E0%A4%A', '%00', '..%2F..%2Fetc%2Fpasswd', '1e999', '9'.repeat(5000), '2024-02-29', '+1', '%2B1', '1%20', '-0', '0x1'),
    fc.stringMatching(/^[0-9-]{0,12}$/),
  );
  const query = fc.array(fc.tuple(name, value), { maxLength: 6 }).map((pairs) => pairs.map(([n, v]) => `${n}=${v}`).join('&'));

  it('answer every well-formed HTTP request under a base with a JSON envelope below 500', async () => {
    await fc.assert(
      fc.asyncProperty(base, endpoint, query, fc.constantFrom('GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS', 'PATCH'), async (b, e, q, method) => {
        const target = `${b}${e}${q ? `?${q}` : ''}`;
        const answer = await request(preview.url, target, { method });
        expect(answer.status).toBeLessThan(500);
        // Dot segments that climb out of the base make it static content (docs/API.md §1): a snapshot file or a 404.
        if (apiPath(normalizeTarget(target)) === null) {
          expect(answer.body).not.toMatch(/root:|<html|\n\s+at /);
          return;
        }
        if (method === 'OPTIONS') {
          expect(answer.status).toBe(204);
          return;
        }
        expect(answer.headers['content-type']).toBe('application/json; charset=utf-8');
        if (method !== 'HEAD') {
          const body = JSON.parse(answer.body);
          expect(typeof body.success).toBe('boolean');
          expect(answer.body).not.toMatch(/root:|<html|\n\s+at /);
        }
      }),
      { numRuns: 1500 },
    );
  }, 120_000);

  it('never answers raw bytes in the request target with a 5xx', async () => {
    await fc.assert(
      fc.asyncProperty(base, fc.uint8Array({ maxLength: 200 }), async (b, bytes) => {
        const target = Buffer.concat([Buffer.from(b), Buffer.from(bytes).filter((x) => x !== 0x20 && x !== 0x0a && x !== 0x0d)]);
        const answer = await raw(preview.url, target);
        expect(answer.status).toBeGreaterThanOrEqual(200);
        expect(answer.status).toBeLessThan(500);
        if (answer.body.length > 0 && answer.status !== 400) expect(() => JSON.parse(answer.body)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  }, 120_000);
});
