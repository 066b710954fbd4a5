// Rates per US dollar (issue 23): the same refusals as rates, all or nothing,
// FILE:LINE: field, the plausibility gate per currency with --accept-jumps,
// and the text form that `fetch --write-fx-csv` keeps.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { keepFx } from '../../generator/db/fx-files.ts';
import { importCurrencies } from '../../generator/db/import-currencies.ts';
import { importFx, importFxMonthly } from '../../generator/db/import-fx.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { useScratch, userError } from './scratch.ts';

const scratch = useScratch();
const HEADER = 'fxDate,fxCurrency,fxPerUSD,fxSource\n';
const fileHash = () =>
  createHash('sha1')
    .update(readFileSync(path.join(scratch.dir, 'test.sqlite')))
    .digest('hex');

async function withCurrencies() {
  const db = await scratch.seededDatabase();
  await importSources(
    db,
    await scratch.write(
      'sources.csv',
      'srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\ncurrency-api,The currency API,https://example.org/,CC0 1.0,Daily reference rates.,daily-reference\n',
    ),
  );
  await importCurrencies(db, await scratch.write('currencies.csv', 'curCode,curName\nGBP,Pound Sterling\nNGN,Naira\nUSD,US Dollar\nIRR,Iranian Rial\n'));
  await importFx(db, await scratch.write('history.csv', `${HEADER}2026-09-28,GBP,0.75495717,currency-api\n2026-09-28,IRR,42000,currency-api\n`));
  return db;
}

async function refused(db: Awaited<ReturnType<typeof withCurrencies>>, rows: string, pattern: RegExp, options = {}) {
  const before = fileHash();
  const error = await userError(importFx(db, await scratch.write('today.csv', HEADER + rows), options));
  expect(error.message).toMatch(/today\.csv: nothing imported/);
  expect(error.problems.join('\n')).toMatch(pattern);
  expect(fileHash()).toBe(before);
}

describe('import fx', () => {
  it('inserts or replaces per currency and day; again, nothing changes', async () => {
    const db = await withCurrencies();
    const file = await scratch.write('today.csv', `${HEADER}2026-09-29,GBP,0.75538854,currency-api\n2026-09-28,GBP,0.755,currency-api\n`);
    expect(await importFx(db, file)).toMatchObject({ rows: 2, inserted: 1, updated: 1, unchanged: 0 });
    expect(await importFx(db, file)).toMatchObject({ rows: 2, inserted: 0, updated: 0, unchanged: 2 });
    expect(db.prepare("SELECT fxDate, fxPerUSD FROM fx_rates WHERE fxCurrency = 'GBP' ORDER BY 1").raw().all()).toEqual([
      ['2026-09-28', 0.755],
      ['2026-09-29', 0.75538854],
    ]);
  });

  it('refuses the whole file for one bad row, naming FILE:LINE: field', async () => {
    const db = await withCurrencies();
    await refused(
      db,
      '2026-09-29,GBP,0.75,currency-api\n2026-09-29,gbp,0.75,currency-api\n',
      /today\.csv:3: fxCurrency: must be an ISO 4217 code, three capital letters, e\.g\. GBP/,
    );
    await refused(
      db,
      '2026-09-29,EUR,0.88,currency-api\n2026-09-29,EUR,0.89,currency-api\n',
      /:2: fxCurrency: unknown currency EUR \(on 2 lines, this is the first\)/,
    );
    await refused(db, '2026-09-29,GBP,0.75,currency-api\n2026-09-29,GBP,0.76,currency-api\n', /:3: fxDate: GBP on 2026-09-29 is already on line 2/);
    await refused(db, '2026-09-29,GBP,0.75,nobody\n', /:2: fxSource: unknown source "nobody"/);
    await refused(db, '2026-02-30,GBP,0.75,currency-api\n', /:2: fxDate: must be a real date/);
    await refused(db, '2026-09-29,GBP,-1,currency-api\n', /:2: fxPerUSD: must be greater than 0/);
    await refused(db, '2026-09-29,NGN,1330,currency-api\n', /:2: fxCurrency: NGN's rate is each rate record's drtUSDinNaira/);
    await refused(db, '2026-09-29,USD,1,currency-api\n', /:2: fxCurrency: USD is 1 per US dollar by definition/);
  });

  it('gates each currency against its own neighbour: a range always, a jump unless accepted', async () => {
    const db = await withCurrencies();
    await refused(
      db,
      '2026-09-29,GBP,7.5538854,currency-api\n',
      /:2: fxPerUSD: 7.5538854 is 10 times the previous rate of GBP \(0.75495717 on 2026-09-28\).*--accept-jumps/,
    );
    await refused(db, '2026-09-29,IRR,1374999.64,currency-api\n', /:2: fxPerUSD: 1374999.64 is 32.7 times the previous rate of IRR/);
    await refused(db, '2026-09-27,GBP,0.075,currency-api\n', /1\/10.1 of the next rate of GBP/);
    await importFx(db, await scratch.write('real.csv', `${HEADER}2026-09-29,IRR,1374999.64,currency-api\n`), { acceptJumps: true });
    await refused(db, '2026-09-30,IRR,1e12,currency-api\n', /1000000000000 is outside the plausible range for IRR, 0.0001 to 100000000 units per US dollar/, {
      acceptJumps: true,
    });
  });

  it('keeps rows as text, one file a month, a line per currency and day, replacing a kept day', async () => {
    const dir = path.join(scratch.dir, 'fx');
    await keepFx(dir, [
      { fxDate: '2026-09-29', fxCurrency: 'GBP', fxPerUSD: 0.75538854, fxSource: 'currency-api' },
      { fxDate: '2026-09-28', fxCurrency: 'GBP', fxPerUSD: 0.7549, fxSource: 'currency-api' },
    ]);
    await keepFx(dir, [{ fxDate: '2026-09-28', fxCurrency: 'GBP', fxPerUSD: 0.75495717, fxSource: 'currency-api' }]);
    expect(await readFile(path.join(dir, '2026-09.csv'), 'utf8')).toBe(
      `${HEADER}2026-09-28,GBP,0.75495717,currency-api\n2026-09-29,GBP,0.75538854,currency-api\n`,
    );
  });

  it('keeps monthly averages apart (import fx-monthly): dated on the first day, from a monthly-average source, never mixed with daily figures', async () => {
    const db = await withCurrencies();
    await importSources(
      db,
      await scratch.write(
        'monthly-sources.csv',
        'srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\nfed-h10-monthly,H.10,https://example.org/,public,Monthly averages.,monthly-average\n',
      ),
    );
    const monthly = await scratch.write('2026.csv', `${HEADER}2026-06-01,GBP,0.7391,fed-h10-monthly\n`);
    expect(await importFxMonthly(db, monthly)).toMatchObject({ rows: 1, inserted: 1 });
    // The daily figure of the same first day is another figure of the same (currency, date): both are kept.
    await importFx(db, await scratch.write('day.csv', `${HEADER}2026-06-01,GBP,0.7412,currency-api\n`));
    expect(db.prepare("SELECT fxPerUSD FROM fx_monthly WHERE fxCurrency = 'GBP'").pluck().all()).toEqual([0.7391]);
    expect(db.prepare("SELECT fxPerUSD FROM fx_rates WHERE fxCurrency = 'GBP' AND fxDate = '2026-06-01'").pluck().all()).toEqual([0.7412]);
    const before = fileHash();
    const wrongDay = await userError(importFxMonthly(db, await scratch.write('bad.csv', `${HEADER}2026-07-15,GBP,0.74,fed-h10-monthly\n`)));
    expect(wrongDay.problems.join('\n')).toMatch(/bad\.csv:2: fxDate: a monthly average is dated on its month's first day \(2026-07-01\), not 2026-07-15/);
    const dailySource = await userError(importFxMonthly(db, await scratch.write('bad.csv', `${HEADER}2026-07-01,GBP,0.74,currency-api\n`)));
    expect(dailySource.problems.join('\n')).toMatch(/bad\.csv:2: fxSource: source currency-api is daily-reference, not monthly-average/);
    const monthlyAsDaily = await userError(importFx(db, await scratch.write('bad.csv', `${HEADER}2026-07-01,GBP,0.74,fed-h10-monthly\n`)));
    expect(monthlyAsDaily.problems.join('\n')).toMatch(
      /bad\.csv:2: fxSource: source fed-h10-monthly is monthly-average; import monthly averages with: import fx-monthly FILE\.csv/,
    );
    // The gate compares a monthly average with the same currency's neighbouring months.
    const jump = await userError(importFxMonthly(db, await scratch.write('bad.csv', `${HEADER}2026-07-01,GBP,7.391,fed-h10-monthly\n`)));
    expect(jump.problems.join('\n')).toMatch(/bad\.csv:2: fxPerUSD: 7\.391 is 10 times the previous rate of GBP \(0\.7391 on 2026-06-01\)/);
    expect(fileHash()).toBe(before);
  });
});
