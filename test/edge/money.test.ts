// Money rounding (docs/API.md §3a): the one function, held to the contract's
// example, to an exact BigInt reference on random decimals, and run in real
// nginx njs 0.7.9 (where the router uses it) to show it gives the same figures
// there, written as the same text (moneyText), and every number written as V8
// writes it (numberText, router/number-text.ts: njs's own String is not the
// shortest form; issue 43).
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bundle } from '../../generator/bundle.ts';
import { money, moneyText } from '../../generator/router/money.ts';
import { numberText } from '../../generator/router/number-text.ts';
import { freePort, nginxMissing, runNginx } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { NJS_MODULE_CANDIDATES } from '../../generator/edges/nginx/site.ts';
import { existsSync } from 'node:fs';

/** A double's bits, as the njs module writes them. */
function bits(x: number): string {
  const u = new Uint32Array(new Float64Array([x]).buffer);
  return `${u[1]!.toString(16)}:${u[0]!.toString(16)}`;
}

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

  it('moneyText is the text JSON.stringify writes for money(), on random products', () => {
    fc.assert(
      fc.property(fc.array(decimal, { minLength: 1, maxLength: 3 }), (factors) => {
        expect(moneyText(factors)).toBe(JSON.stringify(Number(reference(factors))));
      }),
      { numRuns: 20_000 },
    );
    for (const [factors, text] of [
      [['0.6875', '399.92'], '274.95'],
      [['1.9', '100'], '190'],
      [['0.125', '1'], '0.13'],
      [['-0.004'], '0'],
      [['1e21', '2'], '2e+21'],
    ] as const)
      expect(moneyText([...factors]), factors.join(' × ')).toBe(text);
  });

  it('numberText writes every number as JSON.stringify does in V8', () => {
    fc.assert(
      fc.property(decimal, (text) => {
        expect(numberText(Number(text))).toBe(JSON.stringify(Number(text)));
      }),
      { numRuns: 20_000 },
    );
    for (const value of [0, -0, 1, -1, 0.1 + 0.2, 1.71914285, 0.9874, 1e21, 1e-7, 2 ** 53, 2 ** 60, Math.PI, -1.5e-9, NaN, Infinity])
      expect(numberText(value), String(value)).toBe(JSON.stringify(value));
  });

  const missing = skipOrFail(nginxMissing(), 'the money test in njs');
  it.skipIf(missing !== null)(
    'gives the same figures and texts in nginx njs 0.7.9',
    async () => {
      const cases = [
        ['0.6875', '399.92'],
        ['1.005'],
        ['-1.005'],
        ['85', '0.6875', '399.92'],
        ['1e-7', '3'],
        ['1e21', '2'],
        ['612.36', '2.72583', '1532.5'],
        // What njs 0.7.9's own String writes longer (issue 43: BAM in September 2026; measured).
        ['1.71914285', '0.9874'],
        ['0.1531', '0.62994', '2.2621'],
      ];
      // Enough random decimals (some 10,000) that njs's own String writes a few of them longer (about 1 in 2,000).
      const random = fc.sample(fc.array(decimal, { minLength: 1, maxLength: 3 }), { numRuns: 5_000, seed: 11 });
      const all = [...cases, ...random];
      const prefix = await mkdtemp(path.join(os.tmpdir(), 'nisab-money-njs-'));
      try {
        const core = (file: string) => fileURLToPath(new URL(`../../generator/router/${file}`, import.meta.url));
        const entry = path.join(prefix, 'entry.ts');
        await writeFile(
          entry,
          `export { money, moneyText } from ${JSON.stringify(core('money.ts'))};\nexport { numberText } from ${JSON.stringify(core('number-text.ts'))};\n`,
        );
        const code = await bundle(entry, { target: 'es2015' });
        // Each line: the factors' money as the bits of its double (njs's own String of a large double
        // does not even read back as it), moneyText of the factors' text, and numberText of each factor read as a number.
        const module =
          code.replace(/export\s*\{[^}]*\};?/, '') +
          `
function bits(x) { var u = new Uint32Array(new Float64Array([x]).buffer); return u[1].toString(16) + ':' + u[0].toString(16); }
function answer(r) {
  var lines = r.requestText.split('\\n'); var out = [];
  for (var i = 0; i < lines.length; i++) {
    if (lines[i] === '') continue;
    var factors = lines[i].split(' ');
    var texts = [];
    for (var j = 0; j < factors.length; j++) texts.push(numberText(Number(factors[j])));
    out.push(bits(money(factors.map(Number))) + ' ' + moneyText(factors) + ' ' + texts.join(' '));
  }
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
          expect(body.length).toBeLessThan(1024 * 1024);
          const response = await fetch(`http://127.0.0.1:${port}/m`, { method: 'POST', body });
          const text = await response.text();
          expect(response.status, text).toBe(200);
          const got = text.split('\n');
          // money() compared bit for bit; the texts byte for byte.
          const wrong: string[] = [];
          all.forEach((factors, i) => {
            const [value, text, ...each] = (got[i] ?? '').split(' ');
            // Past 15 significant digits a figure is not its decimal as a double, and njs reads such a
            // decimal to a neighbouring double (8 of these 5,009 products; measured): not compared
            // (number-text.ts; no figure of data/ comes near). The factors are all compared.
            const exact = reference(factors).replace(/^-?0*|\./g, '').length <= 15;
            const expected = [
              exact ? bits(Number(reference(factors))) : '',
              exact ? JSON.stringify(Number(reference(factors))) : '',
              ...factors.map((f) => JSON.stringify(Number(f))),
            ];
            const seen = [exact ? value : '', exact ? text : '', ...each];
            if (JSON.stringify(seen) !== JSON.stringify(expected))
              wrong.push(`${factors.join(' × ')}: njs ${JSON.stringify(seen)}, V8 ${JSON.stringify(expected)}`);
          });
          expect(wrong, `${wrong.length} of ${all.length} differ`).toEqual([]);
          // The products compared: 2,394 of the 5,009 (the seed is fixed); every factor is.
          expect(all.filter((factors) => reference(factors).replace(/^-?0*|\./g, '').length <= 15).length).toBeGreaterThan(2000);
        } finally {
          await running.stop();
        }
      } finally {
        await rm(prefix, { recursive: true, force: true });
      }
      // 5,000 products in njs: 33 s with 20,000 under a load of 35.
    },
    120_000,
  );
});
