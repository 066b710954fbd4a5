// Published money figures (docs/API.md §3a) through a real build: drtInNaira and
// the Nisab values are the exact decimal products rounded half away from zero.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importNisab } from '../../generator/db/import-nisab.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { useScratch } from '../db/scratch.ts';

const scratch = useScratch();

describe('published money', () => {
  it('rounds drtInNaira and the Nisab values from the exact decimal products, half away from zero', async () => {
    const db = await scratch.seededDatabase();
    // gold 4.0543 × 1532.5 and a 20 g rule: 20 × 4.0543 × 1532.5 = 124264.295 exactly (binary: 124264.29499...);
    // silver 0.6875 × 399.92 = 274.945 exactly (binary: 274.94499...).
    await importRates(
      db,
      await scratch.write('rates.csv', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n2024-03-15,1,4.0543,1532.5\n2024-03-15,2,0.6875,399.92\n'),
    );
    await importNisab(
      db,
      await scratch.write('nisab.json', JSON.stringify([{ nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 20, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 }])),
    );
    db.close();
    const out = path.join(scratch.dir, 'public');
    await buildSnapshot(fixtureBuild(path.join(scratch.dir, 'test.sqlite'), out, { asOf: '2024-03-15' }));
    const read = async (file: string) => JSON.parse(await readFile(path.join(out, file), 'utf8')).data;
    expect((await read('v1/rates/latest/2.json')).drtInNaira).toBe(274.95);
    expect((await read('v1/rates/latest/1.json')).drtInNaira).toBe(6213.21); // 6213.21475: below the half
    expect((await read('v1/nisab.json'))[0]).toMatchObject({ nsbValueInUSD: 81.09, nsbValueInNaira: 124264.3 });
  });
});
