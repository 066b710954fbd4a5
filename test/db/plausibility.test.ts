// The import gates of issue 11: implausible rates (ranges, jumps, --accept-jumps)
// and what an import leaves behind (finite products, one default). A refused
// import leaves the database file byte for byte as it was.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importRates } from '../../generator/db/import-rates.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { JUMP_FACTOR } from '../../generator/db/plausibility.ts';
import { useScratch, userError } from './scratch.ts';

const scratch = useScratch();
const HEADER = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n';
const fileHash = () =>
  createHash('sha1')
    .update(readFileSync(path.join(scratch.dir, 'test.sqlite')))
    .digest('hex');

/** gold and silver on 2024-03-14, the day before the rows under test */
async function withHistory() {
  const db = await scratch.seededDatabase();
  await importRates(db, await scratch.write('history.csv', `${HEADER}2024-03-14,1,49.77,1530.857\n2024-03-14,2,0.79,1530.857\n`));
  return db;
}

async function refused(db: Awaited<ReturnType<typeof withHistory>>, rows: string, pattern: RegExp, options = {}) {
  const before = fileHash();
  const error = await userError(importRates(db, await scratch.write('today.csv', HEADER + rows), options));
  expect(error.problems.join('\n')).toMatch(pattern);
  expect(fileHash()).toBe(before);
  return error;
}

describe('the plausibility gate of rate imports', () => {
  it('refuses a price in the wrong unit, a misplaced decimal point and a typo, naming the neighbour and the way out', async () => {
    const db = await withHistory();
    // 1e3 a gram: 20× the day before (it published a Nisab of N123 million).
    const error = await refused(
      db,
      '2024-03-15,1,1e3,1530.857\n',
      /:2: drtInUSD: 1000 is 20.1 times the previous rate of subcategory 1 \(49.77 on 2024-03-14\).*--accept-jumps/,
    );
    expect(error.message).toMatch(/nothing imported, 1 problem/);
    await refused(db, '2024-03-15,1,1547.99,1530.857\n', /31.1 times/); // the troy-ounce price
    await refused(db, '2024-03-15,1,4.977,1530.857\n', /1\/10 of/); // decimal point
    await refused(db, '2024-03-15,2,0.79,15308.57\n', /drtUSDinNaira: 15308.57 is 10 times/);
    await refused(db, '2024-03-15,1,497.7,1530.857\n', /10 times/);
  });

  it('compares each row with its neighbour after the merge, inside the file too and before the first stored record', async () => {
    const db = await withHistory();
    await refused(
      db,
      '2024-03-15,1,50.1,1530\n2024-03-16,1,501,1530\n',
      /:3: drtInUSD: 501 is 10 times the previous rate of subcategory 1 \(50.1 on 2024-03-15\)/,
    );
    await refused(db, '2024-03-01,1,4.9,1530\n', /4.9 is 1\/10.2 of the next rate of subcategory 1 \(49.77 on 2024-03-14\)/);
  });

  it('compares a correction inside the history with the stored records beside it, not with the one it replaces', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await scratch.write('history.csv', HEADER + ['10', '11', '12', '13', '14'].map((d) => `2024-03-${d},1,50,1500\n`).join('')));
    await refused(db, '2024-03-12,1,500,1500\n', /:2: drtInUSD: 500 is 10 times the previous rate of subcategory 1 \(50 on 2024-03-11\)/);
    await refused(db, '2024-03-10,1,5,1500\n', /:2: drtInUSD: 5 is 1\/10 of the next rate of subcategory 1 \(50 on 2024-03-11\)/);
    // Two corrections far apart in one file: the stored records between them are the neighbours.
    await refused(db, '2024-03-10,1,50,1500\n2024-03-14,1,500,1500\n', /:3: drtInUSD: 500 is 10 times the previous rate of subcategory 1 \(50 on 2024-03-13\)/);
    await importRates(db, await scratch.write('fix.csv', `${HEADER}2024-03-12,1,51,1500\n`));
  });

  it('never refuses real moves: the naira +65 % in June 2023, silver −24.7 % in a week of 2026, a decade of gold', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await scratch.write('naira.csv', `${HEADER}2023-06-13,1,62.4,471.67\n2023-06-14,1,62.5,778.18\n`));
    await importRates(db, await scratch.write('silver.csv', `${HEADER}2026-01-30,2,3.7,1420\n2026-02-05,2,2.786,1420\n`));
    await importRates(db, await scratch.write('decade.csv', `${HEADER}2005-01-31,2,0.212806,132.36\n2015-01-31,2,0.555,169.68\n`));
    expect(JUMP_FACTOR).toBeGreaterThan(778.18 / 471.67);
    expect(db.prepare('SELECT count(*) FROM rates').pluck().get()).toBe(6);
  });

  it('lets the operator accept a real jump with --accept-jumps, but never a value outside the range', async () => {
    const db = await withHistory();
    await importRates(db, await scratch.write('jump.csv', `${HEADER}2024-03-15,1,150,1530.857\n`), { acceptJumps: true });
    expect(db.prepare("SELECT drtInUSD FROM rates WHERE drtDate = '2024-03-15'").pluck().get()).toBe(150);
    await refused(db, '2024-03-16,1,20000,1530\n', /20000 is outside the plausible range for subcategory 1, 0.01 to 10000 US dollars per gram/, {
      acceptJumps: true,
    });
  });

  it('refuses values whose products are not money: 1e308, 1E-7, 1e-320, a naira rate of 1e9', async () => {
    const db = await withHistory();
    for (const [row, pattern] of [
      ['2024-03-15,1,1e308,1530\n', /drtInUSD: 1e\+308 is outside the plausible range/],
      ['2024-03-15,1,1E-7,1530\n', /drtInUSD: 1e-7 is outside the plausible range/],
      ['2024-03-15,1,1e-320,1530\n', /drtInUSD: 1e-320 is outside the plausible range/],
      ['2024-03-15,1,50,1e9\n', /drtUSDinNaira: 1000000000 is outside the plausible range .* naira per US dollar/],
    ] as const) {
      await refused(db, row, pattern, { acceptJumps: true });
    }
  });
});

describe('what an import leaves behind', () => {
  it('refuses a subcategories file that unsets the only default (every later build would fail)', async () => {
    const db = await scratch.seededDatabase();
    const before = fileHash();
    const file = await scratch.write('subs.csv', 'sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault\n1,gold,Gold,gram,true,false\n');
    const error = await userError(importSubcategories(db, file));
    expect(error.problems.join('\n')).toMatch(/sctIsDefault: after this import 0 subcategories would be the default; exactly one must be/);
    expect(fileHash()).toBe(before);
  });
});
