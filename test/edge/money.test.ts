// Money rounding (docs/API.md §3a): the one function, held to the contract's
// example, to an exact BigInt reference on random decimals, and run in real
// nginx njs 0.7.9 (where the router uses it) to show it gives the same figures there.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundle } from '../../generator/bundle.ts';
import { money } from '../../generator/core/money.ts';
import { freePort, nginxMissing, runNginx } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { NJS_MODULE_CANDIDATES } from '../../generator/edges/nginx/site.ts';
import { existsSync } from 'node:fs';

/** The reference: exact product with BigInt, half away from zero, as a decimal string. */
function reference(factors: string[]): string {
  let mantissa = 1n;
  let scale = 0;
  for (const factor of factors) {
    const match = /^(-?)(\d+)(?:\.(\d+))?(?:e([-+]?\d+))?$/i.exec(factor)!;
    const fraction = match[3] ?? '';
    mantissa *= BigInt((match[1] ?? '') + match[2] + fraction);
    scale += fraction.length - Number(match[4] ?? 0);
  }
  const negative = mantissa < 0n;
  let magnitude = negative ? -mantissa : mantissa;
  // To cents: multiply or divide by the power of ten, rounding half away from zero.
  if (scale <= 2) magnitude *= 10n ** BigInt(2 - scale);
  else {
    const divisor = 10n ** BigInt(scale - 2);
    magnitude = (magnitude * 2n + divisor) / (divisor * 2n);
  }
  const text = magnitude.toString().padStart(3, '0');
  const value = `${text.slice(0, -2)}.${text.slice(-2)}`;
  return negative && magnitude !== 0n ? `-${value}` : value;
}

const decimal = fc.tuple(fc.bigInt({ min: 0n, max: 10n ** 12n }), fc.integer({ min: 0, max: 8 }), fc.boolean()).map(([digits, places, negative]) => {
  const padded = digits.toString().padStart(places + 1, '0');
  const text = places === 0 ? padded : `${padded.slice(0, -places)}.${padded.slice(-places)}`;
  // The shortest form JavaScript writes for that value: what the published JSON holds.
  return String(Number(`${negative ? '-' : ''}${text}`));
});

describe('money', () => {
  it('rounds the exact product half away from zero (the contract example and its neighbours)', () => {
    expect(money([0.6875, 399.92])).toBe(274.95);
    expect((0.6875 * 399.92).toFixed(2)).toBe('274.94'); // what binary floating point gives
    expect(money([1.005])).toBe(1.01);
    expect(money([-1.005])).toBe(-1.01);
    expect(money([-0.004])).toBe(0);
    expect(Object.is(money([-0.004]), 0)).toBe(true);
    expect(money([0.125, 1])).toBe(0.13);
    expect(money([85, 0.6875, 399.92])).toBe(23370.33); // 23370.325
    expect(money([1e-7, 3])).toBe(0);
    expect(money([1e-320, 1e308])).toBe(0);
    expect(money([1e21, 2])).toBe(2e21);
    expect(money(['274.945'])).toBe(274.95);
  });

  it('refuses what is not a finite decimal', () => {
    for (const bad of [NaN, Infinity, -Infinity, '1,5', '', 'abc']) expect(() => money([bad]), String(bad)).toThrow(/finite decimal/);
    expect(() => money([])).toThrow(/no factors/);
  });

  it('equals an exact BigInt reference on random products of 1 to 3 factors', () => {
    fc.assert(
      fc.property(fc.array(decimal, { minLength: 1, maxLength: 3 }), (factors) => {
        expect(money(factors.map(Number))).toBe(Number(reference(factors)));
      }),
      { numRuns: 20_000 },
    );
  });

  it('hits exact halves as often as real data can: threshold × price × naira with cent ties', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 99_999_999 }), fc.integer({ min: 1, max: 99_999 }), (a, b) => {
        // a/10^4 × b/10^2 has 6 decimals; ties are frequent when a ends in 5s.
        const factors = [String(a / 1e4), String(b / 1e2)];
        expect(money(factors.map(Number))).toBe(Number(reference(factors)));
      }),
      { numRuns: 20_000 },
    );
  });

  const missing = skipOrFail(nginxMissing(), 'the money test in njs');
  it.skipIf(missing !== null)('gives the same figures in nginx njs 0.7.9', async () => {
    const cases = [['0.6875', '399.92'], ['1.005'], ['-1.005'], ['85', '0.6875', '399.92'], ['1e-7', '3'], ['1e21', '2'], ['612.36', '2.72583', '1532.5']];
    const random = fc.sample(fc.array(decimal, { minLength: 1, maxLength: 3 }), { numRuns: 300, seed: 11 });
    const all = [...cases, ...random];
    const prefix = await mkdtemp(path.join(os.tmpdir(), 'nisab-money-njs-'));
    try {
      const entry = fileURLToPath(new URL('../../generator/core/money.ts', import.meta.url));
      const code = await bundle(entry, { target: 'es2015' });
      const module =
        code.replace(/export\s*\{\s*money\s*\};?/, '') +
        `
function answer(r) {
  var lines = r.requestText.split('\\n'); var out = [];
  for (var i = 0; i < lines.length; i++) { if (lines[i] === '') continue; out.push(String(money(lines[i].split(' ').map(Number)))); }
  r.return(200, out.join('\\n'));
}
export default { answer: answer };
`;
      await writeFile(path.join(prefix, 'money.js'), module);
      const port = await freePort();
      const njs = NJS_MODULE_CANDIDATES.find((file) => existsSync(file))!;
      await writeFile(
        path.join(prefix, 'nginx.conf'),
        `load_module ${njs};
pid nginx.pid; error_log error.log;
events {}
http { access_log off; client_body_temp_path tmp; js_import money.js;
  server { listen 127.0.0.1:${port}; location /m { client_body_buffer_size 1m; js_content money.answer; } location /up { return 200; } } }
`,
      );
      const running = await runNginx(prefix, `http://127.0.0.1:${port}/up`);
      try {
        const body = all.map((factors) => factors.join(' ')).join('\n');
        const response = await fetch(`http://127.0.0.1:${port}/m`, { method: 'POST', body });
        const text = await response.text();
        expect(response.status, text).toBe(200);
        const got = text.split('\n');
        // Compared as numbers: njs prints some large doubles with a longer (still exact) form than Node.
        all.forEach((factors, i) => {
          expect(`${factors.join(' × ')} = ${Number(got[i])}`).toBe(`${factors.join(' × ')} = ${Number(reference(factors))}`);
        });
      } finally {
        await running.stop();
      }
    } finally {
      await rm(prefix, { recursive: true, force: true });
    }
  });
});
