// The rate record's columns are defined once (RATE_COLUMNS, next to the zod
// record): a field added there is read, rendered and fingerprinted, so an
// incremental build cannot miss a correction to it.
import { describe, expect, it } from 'vitest';
import { rateLine } from '../../generator/router/records.ts';
import { RATE_COLUMNS, type RateColumns } from '../../generator/model/schemas.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { readMonthPrints } from '../../generator/db/read-rate-summary.ts';
import { useScratch } from './scratch.ts';

const scratch = useScratch();

describe('the rate columns, defined once', () => {
  it('fingerprints every column of the definition: a field added to a copy makes a change to it show in its month', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await scratch.write('rates.csv', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2024-01-31,1,65,900\n2024-02-29,1,66,1000\n'));
    db.exec('ALTER TABLE rates ADD COLUMN drtNote TEXT');
    const withNote = { ...RATE_COLUMNS, drtNote: { sql: 'r.drtNote' } } as RateColumns;

    const before = { real: readMonthPrints(db, '2024-12-31'), copy: readMonthPrints(db, '2024-12-31', withNote) };
    db.exec("UPDATE rates SET drtNote = 'corrected' WHERE drtDate = '2024-02-29'");
    const after = { real: readMonthPrints(db, '2024-12-31'), copy: readMonthPrints(db, '2024-12-31', withNote) };

    // The real definition knows nothing of drtNote; the copy that names it sees the change, in that month only.
    expect(after.real).toEqual(before.real);
    expect(after.copy.get('1/2024-02')).not.toBe(before.copy.get('1/2024-02'));
    expect(after.copy.get('1/2024-01')).toBe(before.copy.get('1/2024-01'));
  });

  it("renders a rate's fields in the record's order, which is part of the public bytes", () => {
    const line = rateLine({
      drtProvisional: false,
      drtHijriDateNigeria: null,
      drtHijriDate: '1445-07-19',
      drtNairaDate: '2024-01-31',
      drtNairaSource: 'manual',
      drtPriceSource: 'manual',
      drtUnit: 'gram',
      drtInNaira: 1,
      drtUSDinNaira: 2,
      drtInUSD: 0.5,
      drtDate: '2024-01-31',
      drtSubcategoryID: 1,
      drtID: 7,
    } as never);
    expect(Object.keys(JSON.parse(line))).toEqual(Object.keys(RATE_COLUMNS));
    expect(line.startsWith('{"drtID":7,"drtSubcategoryID":1,"drtDate":"2024-01-31"')).toBe(true);
  });
});
