// The client README's five-minute start, run as written: in a new project that
// holds a copy of client/ (and the generator/ its build reads), `npm install
// ./client`, then the README's TypeScript block as the project's module. npm
// prefers its cache (npm_config_prefer_offline: the tarballs of zod, esbuild and
// typescript come from the cache the repository's own install filled; `npm ci`
// keeps no package metadata, which a fresh machine then fetches from the
// registry, as `npm ci` itself did), and the block's example.org
// bases are answered by the real preview over the real default data: a preload
// hands fetch's requests to it, so the block's text is not changed.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';
import { request } from '../support/http.ts';

const run = promisify(execFile);
const ROOT = path.join(import.meta.dirname, '../..');

/** The README's section "Five-minute start": its sh block and its ts block. */
async function fiveMinuteStart(): Promise<{ install: string; program: string }> {
  const readme = await readFile(path.join(ROOT, 'client/README.md'), 'utf8');
  const section = readme.slice(readme.indexOf('## Five-minute start'));
  const blocks = [...section.matchAll(/```(\w+)\n([\s\S]*?)```/g)].slice(0, 2);
  const sh = blocks.find((b) => b[1] === 'sh')![2]!;
  // "npm install ./client                  # today, in a clone of the repository ..."
  const install = /^(npm install \.\/client)\s+#/m.exec(sh)?.[1];
  if (!install) throw new Error(`client/README.md's five-minute start no longer says how to install from the repository:\n${sh}`);
  return { install, program: blocks.find((b) => b[1] === 'ts')![2]! };
}

/** The README's calculator block, after the five-minute start's `api` (the block uses it as it stands). */
async function calculatorBlock(): Promise<string> {
  const readme = await readFile(path.join(ROOT, 'client/README.md'), 'utf8');
  const start = readme.slice(readme.indexOf('## Five-minute start'));
  const api = /const api = createClient\(\{[\s\S]*?\}\);/.exec(start)?.[0];
  const section = readme.slice(readme.indexOf('## Zakat and livestock calculators'));
  const block = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (!api || !block) throw new Error("client/README.md no longer has the five-minute start's createClient or the calculator's ts block");
  return `import { createClient } from 'nisab-rates-client';\n${api}\n${block}`;
}

/** Sends fetch's requests for the README's example hosts to the preview. */
const REDIRECT = `const real = globalThis.fetch;
const to = process.env.PREVIEW_URL;
globalThis.fetch = (input, init) => {
  const url = String(input instanceof Request ? input.url : input).replace(/^https:\\/\\/(rates|mirror)\\.example\\.org/, to);
  return real(url, init);
};
`;

describe("the client README's five-minute start", () => {
  let snapshot: DefaultSnapshot;
  let preview: Preview;
  let project: string;
  beforeAll(async () => {
    snapshot = await defaultSnapshot();
    preview = await startPreview({ dir: snapshot.out, port: 0 });
    project = await mkdtemp(path.join(os.tmpdir(), 'nisab-five-minutes-'));
  });
  afterAll(async () => {
    await preview?.close();
    await snapshot?.remove();
    await rm(project, { recursive: true, force: true });
  });

  it('installs from the repository with npm install ./client and runs as written', async () => {
    const { install, program } = await fiveMinuteStart();
    const copy = (dir: string) =>
      cp(path.join(ROOT, dir), path.join(project, dir), { recursive: true, filter: (from) => !/[/\\](node_modules|dist)$/.test(from) });
    await Promise.all([copy('client'), copy('generator')]);
    await writeFile(path.join(project, 'package.json'), `${JSON.stringify({ name: 'five-minute-start', private: true, type: 'module' }, null, 2)}\n`);
    const [command, ...args] = install.split(' ');
    const env = { ...process.env, npm_config_prefer_offline: 'true', npm_config_audit: 'false', npm_config_fund: 'false', npm_config_update_notifier: 'false' };
    const installed = await run(command!, args, { cwd: project, env }).catch((error: { stderr: string }) => {
      throw new Error(`${install} failed:\n${error.stderr}`);
    });
    expect(installed.stderr).not.toMatch(/ERR!/);

    await writeFile(path.join(project, 'start.mjs'), program);
    await writeFile(path.join(project, 'redirect.mjs'), REDIRECT);
    const { stdout, stderr } = await run(process.execPath, ['--import', './redirect.mjs', 'start.mjs'], {
      cwd: project,
      env: { ...process.env, PREVIEW_URL: preview.url },
    });
    expect(stderr).toBe('');

    // What the block prints, from the API's own answers.
    const gold = JSON.parse((await request(preview.url, '/api/v1/rates/latest')).body).data;
    const cash = JSON.parse((await request(preview.url, '/api/v1/nisab?subcategory=3')).body).data as {
      nsbBasisSubcategoryID: number | null;
      nsbValueInNaira: number;
    }[];
    const onSilver = cash.find((r) => r.nsbBasisSubcategoryID === 2)!;
    const refused = JSON.parse((await request(preview.url, '/api/v1/rates?start_date=2024-02-30')).body);
    expect(stdout).toBe(
      [
        `${gold.drtDate} ${gold.drtInNaira} NGN per ${gold.drtUnit}`,
        `Nisab for cash today: ${onSilver.nsbValueInNaira} NGN`,
        `400 ${refused.message}`,
        '',
      ].join('\n'),
    );
  }, 300_000);

  it('runs the calculator block as written, in the project the five-minute start installed', async () => {
    await writeFile(path.join(project, 'calculator.mjs'), await calculatorBlock());
    const { stdout, stderr } = await run(process.execPath, ['--import', './redirect.mjs', 'calculator.mjs'], {
      cwd: project,
      env: { ...process.env, PREVIEW_URL: preview.url },
    });
    expect(stderr).toBe('');

    // Worked by hand with the Maliki positions the block names (al-Risala, al-Mudawwana): the
    // million that came this year waits for its own year, the debts are set against the money
    // (nothing owes no zakat to cover them), the loan not yet collected is paid when it is, for one
    // year; what is left, 4,000,000, is over the Nisab on silver and owes a fortieth. The savings
    // jewellery is gold (20 g with the 100 g: 120 g, a fortieth is 3 g at today's price per gram).
    const gold = JSON.parse((await request(preview.url, '/api/v1/rates/latest?subcategory=gold')).body).data;
    const cash = JSON.parse((await request(preview.url, '/api/v1/nisab?subcategory=3')).body).data as {
      nsbBasisSubcategoryID: number | null;
      nsbValueInNaira: number;
    }[];
    expect(gold.drtUnit).toBe('gram');
    expect(cash.find((r) => r.nsbBasisSubcategoryID === 2)!.nsbValueInNaira).toBeLessThan(4_000_000);
    // 3 g at the published price per gram in dollars times the naira per dollar, as exact decimals,
    // to the kobo, half away from zero (the API's rounding: docs/API.md).
    const decimal = (n: number) => {
      const [whole, fraction = ''] = String(n).split('.');
      return { digits: BigInt(whole! + fraction), places: fraction.length };
    };
    const usd = decimal(gold.drtInUSD);
    const ngn = decimal(gold.drtUSDinNaira);
    const places = usd.places + ngn.places;
    const exact = 3n * usd.digits * ngn.digits;
    const scale = 10n ** BigInt(places);
    const goldDue = Number((exact * 200n + scale) / (2n * scale)) / 100;
    expect(stdout).toBe(
      [
        'debts - 15000000 money due: deducted - debt',
        'receivable loan 2000000 money due: later 0 receivable',
        'new-money - 1000000 money due: nothing 0 newMoney',
        'savings-gold - 20 gram due: counted - savings',
        'money - 4000000 money due: money 100000 standard,alone',
        `gold - 120 gram due: metal ${goldDue} alone`,
        // 653 kg is the five wasq; half rain-fed, half pumped: each half at its rate for the Maliki (Mukhtasar Khalil).
        'crops mixed 653 kg due: crop - alone,watering',
        'livestock camels 250 head due: animals - alone,grazing',
        // 130 sheep with a partner's 40 in one flock: each reaches the Nisab of 40, so the Maliki count one flock
        // of 170 and the payer owes his share of its due (al-Muwatta': "they settle the excess between them").
        'livestock sheep-goats 130 head due: share - khulta,grazing',
        `total in money ${100_000 + goldDue} and in kind mixed,camels,sheep-goats`,
        '',
      ].join('\n'),
    );
  }, 120_000);
});
