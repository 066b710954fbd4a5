// Closed years' FX files carried between builds (issue 34): a nightly build reads
// the rates per US dollar of the years whose version changed (fx_years) and
// carries the other years' v1/fx files. The oracle is a full build of the same
// database: the incremental tree must be byte for byte the full one, after a new
// day, after rows of closed years changed (in plain SQL: rates per dollar, monthly
// averages, rates), after a year closed, and after the decade closed (its years' files
// merged into one per currency).
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { copyFile, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datesFrom } from '../../generator/model/dates.ts';
import { paths } from '../../generator/router/layout.ts';
import { DATA_DIR, loadDatabase } from '../../generator/db/default-db.ts';
import { keepFx } from '../../generator/db/fx-files.ts';
import { buildSnapshot, type BuildSummary } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';

// Gold every day from 2021-12-20; silver every day until 2022-06-30 only, so the month ends
// files of 2023 and 2024 begin with a silver record of 2022 (a date of another year in their
// FX files); one monthly-average record of gold (2022-03-01, the Pink Sheet's).
const FIRST = '2021-12-20';
const LAST = '2024-01-10';
function ratesCsv(): string {
  const rows = ['drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource'];
  datesFrom(FIRST, LAST).forEach((date, i) => {
    const naira = (400 + i * 0.5).toFixed(4);
    rows.push(`${date},1,${(50 + (i % 37) * 0.21).toFixed(4)},${naira},${date === '2022-03-01' ? 'worldbank-pink-sheet' : 'manual'}`);
    if (date <= '2022-06-30') rows.push(`${date},2,${(0.6 + (i % 13) * 0.0137).toFixed(4)},${naira},manual`);
  });
  return rows.join('\n') + '\n';
}

// GBP every day (beyond the as-of dates too), EUR every tenth day (so some dates have
// none within MAX_FX_AGE_DAYS), JPY only a monthly average, of the monthly record's month.
function fxRows() {
  const rows = [];
  for (const [i, date] of datesFrom(FIRST, LAST).entries()) {
    rows.push({ fxDate: date, fxCurrency: 'GBP', fxPerUSD: 0.75 + (i % 50) * 0.0013, fxSource: 'manual' });
    if (i % 10 === 0) rows.push({ fxDate: date, fxCurrency: 'EUR', fxPerUSD: 0.85 + (i % 11) * 0.0071, fxSource: 'manual' });
  }
  return rows;
}

async function treeHashes(root: string, dir = ''): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const entry of await readdir(path.join(root, dir), { withFileTypes: true })) {
    const rel = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) Object.assign(out, await treeHashes(root, rel));
    else if (rel !== 'manifest.json')
      out[rel] = createHash('sha1')
        .update(await readFile(path.join(root, rel)))
        .digest('hex');
  }
  return out;
}

const fxPaths = (summary: BuildSummary) => summary.changedPaths.filter((p) => p.startsWith('/v1/fx/')).sort();

describe('closed years of FX carried by a nightly build', () => {
  let dir: string;
  let db: string;
  let out: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-fx-carry-'));
    const file = (name: string) => path.join(dir, name);
    await writeFile(file('categories.csv'), 'catID,catSlug,catName\n');
    await writeFile(
      file('subcategories.csv'),
      'sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault\n1,gold,Gold,gram,true,true\n2,silver,Silver,gram,true,false\n',
    );
    await writeFile(file('rates.csv'), ratesCsv());
    await writeFile(file('nisab.json'), JSON.stringify([{ nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 }]));
    await copyFile(path.join(DATA_DIR, 'sources.csv'), file('sources.csv'));
    await writeFile(file('currencies.csv'), 'curCode,curName\nEUR,Euro\nGBP,Pound Sterling\nJPY,Yen\n');
    await keepFx(file('fx'), fxRows());
    await keepFx(file('fx-monthly'), [{ fxDate: '2022-03-01', fxCurrency: 'JPY', fxPerUSD: 118.7, fxSource: 'fed-h10-monthly' }], true);
    db = file('source.sqlite');
    await loadDatabase(db, dir);
    out = file('nightly');
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  // The builds below are as of the 2020s until the decade closes: each year has its own FX file.
  const OPEN_DECADE = '2023-12-31';
  let fulls = 0;
  /** The nightly's tree, and a full build's of the same database as of the same date into a new folder. */
  const nightlyAndFull = async (asOf: string) => {
    const nightly = await buildSnapshot(fixtureBuild(db, out, { asOf }));
    const full = path.join(dir, `full-${fulls++}`);
    await buildSnapshot(fixtureBuild(db, full, { asOf }));
    const [a, b] = [await treeHashes(out), await treeHashes(full)];
    await rm(full, { recursive: true, force: true });
    return { nightly, same: a, full: b };
  };

  it('gives the full build, byte for byte, rendering only the FX files whose rows or dates changed', async () => {
    await buildSnapshot(fixtureBuild(db, out, { asOf: '2023-12-30' }));

    // A new day of the open year: its files only (the other years' are carried unread).
    const night = await nightlyAndFull('2023-12-31');
    expect(night.same).toEqual(night.full);
    expect(fxPaths(night.nightly)).toEqual(['/' + paths.fx('EUR', '2023-01-01', OPEN_DECADE), '/' + paths.fx('GBP', '2023-01-01', OPEN_DECADE)]);

    // Rows of closed years changed in plain SQL: GBP mid-2022 (its 2022 file only), GBP's
    // 2022-12-31 (also 2023's file: the year's month ends begin with that day), JPY's average.
    const handle = new Database(db);
    handle.exec(`UPDATE fx_rates SET fxPerUSD = 0.8123 WHERE fxCurrency = 'GBP' AND fxDate IN ('2022-07-01', '2022-12-31');
                 UPDATE fx_monthly SET fxPerUSD = 119.25 WHERE fxCurrency = 'JPY'`);
    handle.close();
    const corrected = await nightlyAndFull('2023-12-31');
    expect(corrected.same).toEqual(corrected.full);
    expect(fxPaths(corrected.nightly)).toEqual(
      [
        '/' + paths.fx('GBP', '2022-01-01', OPEN_DECADE),
        '/' + paths.fx('GBP', '2023-01-01', OPEN_DECADE),
        '/' + paths.fx('JPY', '2022-01-01', OPEN_DECADE),
      ].sort(),
    );

    // Rates of a closed year changed: a record that becomes a monthly average (its date no
    // longer holds a daily record), and 2022's last day removed (2023's month ends, and so its
    // FX files, begin with 2022-12-30 instead).
    const rates = new Database(db);
    rates.exec(`UPDATE rates SET drtPriceSource = 'worldbank-pink-sheet' WHERE drtSubcategoryID = 1 AND drtDate = '2022-08-01';
                DELETE FROM rates WHERE drtDate = '2022-12-31'`);
    rates.close();
    const ratesChanged = await nightlyAndFull('2023-12-31');
    expect(ratesChanged.same).toEqual(ratesChanged.full);
    expect(fxPaths(ratesChanged.nightly)).toEqual(
      [
        '/' + paths.fx('EUR', '2022-01-01', OPEN_DECADE),
        '/' + paths.fx('GBP', '2022-01-01', OPEN_DECADE),
        '/' + paths.fx('EUR', '2023-01-01', OPEN_DECADE),
        '/' + paths.fx('GBP', '2023-01-01', OPEN_DECADE),
      ].sort(),
    );

    // The year closes: 2024's files are new; 2023's stay as they were.
    const closed = await nightlyAndFull('2024-01-02');
    expect(closed.same).toEqual(closed.full);
    expect(fxPaths(closed.nightly)).toEqual([
      '/' + paths.fx('EUR', '2024-01-01', OPEN_DECADE),
      '/' + paths.fx('GBP', '2024-01-01', OPEN_DECADE),
      '/' + paths.fx('JPY', '2024-01-01', OPEN_DECADE),
    ]);

    // The decade closes: its years' files become one file per currency, each year's text a line of it.
    // Its last open day first: the year files the decade's file is made of, with every rate published.
    const lastOpen = path.join(dir, 'last-open-day');
    await buildSnapshot(fixtureBuild(db, lastOpen, { asOf: '2029-12-31' }));
    const yearTexts = await Promise.all(
      ['2021', '2022', '2023', '2024'].map((y) => readFile(path.join(lastOpen, paths.fx('GBP', `${y}-01-01`, '2029-12-31')), 'utf8')),
    );
    await rm(lastOpen, { recursive: true, force: true });
    const decade = await nightlyAndFull('2030-01-02');
    expect(decade.same).toEqual(decade.full);
    expect(fxPaths(decade.nightly)).toEqual(['EUR', 'GBP', 'JPY'].map((code) => '/' + paths.fx(code, '2024-01-01', '2030-01-02')));
    expect(paths.fx('GBP', '2024-01-01', '2030-01-02')).toBe('v1/fx/GBP/2020s.json');
    const merged = await readFile(path.join(out, 'v1/fx/GBP/2020s.json'), 'utf8');
    expect(merged).toBe(`[["2021","2022","2023","2024"],\n${yearTexts.map((t) => t.trimEnd()).join(',\n')}\n]\n`);
    expect(JSON.parse(merged)).toEqual([['2021', '2022', '2023', '2024'], ...yearTexts.map((t) => JSON.parse(t))]);
    expect(existsSync(path.join(out, paths.fx('GBP', '2024-01-01', OPEN_DECADE)))).toBe(false);
    // twelve builds of a small database: nine took 30 s under load 22 on the 2-core machine, twelve 31 s at load 8
  }, 180_000);
});
