// Issue 25: stored data can never stop a build. Each value a build derives from
// is refused at import (FILE:LINE: field), and a database that already holds one
// (taken before the limit existed) gets a build message naming the row and the
// command that fixes it; `delete rate` removes a stored rate, from the kept month
// file too.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { importCurrencies } from '../../generator/db/import-currencies.ts';
import { importFx } from '../../generator/db/import-fx.ts';
import { importNisab } from '../../generator/db/import-nisab.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { importSubcategories } from '../../generator/db/import-subcategories.ts';
import { keepRates } from '../../generator/db/rate-files.ts';
import { describeUserError } from '../../generator/errors.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { cli } from '../support/cli.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { useScratch, userError } from './scratch.ts';

const scratch = useScratch();
const HEADER = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtNairaSource,drtNairaDate\n';
const SUBCATEGORIES_HEADER = 'sctID,sctSlug,sctName,sctUnit,sctHasDailyRate,sctIsDefault,sctCategoryID\n';
const GOLD_RULE = { nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 };

async function refused(run: () => Promise<unknown>, pattern: RegExp): Promise<string> {
  const file = path.join(scratch.dir, 'test.sqlite');
  const hash = () => createHash('sha1').update(readFileSync(file)).digest('hex');
  const before = hash();
  const message = describeUserError(await userError(run()));
  expect(message).toMatch(pattern);
  expect(hash()).toBe(before);
  return message;
}

/** The seeded database with a week of gold and silver and the gold rule. */
async function publishable() {
  const db = await scratch.seededDatabase();
  const rows = ['2024-03-11', '2024-03-12', '2024-03-13', '2024-03-14', '2024-03-15'].flatMap((d) => [`${d},1,65.1,1530,,`, `${d},2,0.8,1530,,`]);
  await importRates(db, await scratch.write('week.csv', HEADER + rows.join('\n') + '\n'));
  await importNisab(
    db,
    await scratch.write('nisab.json', JSON.stringify([GOLD_RULE, { ...GOLD_RULE, nsbID: 2, nsbSubcategoryID: 3, nsbBasisSubcategoryID: 1 }])),
  );
  return db;
}

describe('refused at import', () => {
  it('a rate dated outside the Hijri table (0202-01-31 stopped every later build), and its siblings', async () => {
    const db = await scratch.seededDatabase();
    for (const date of ['0202-01-31', '0001-01-01', '1882-11-11', '2174-11-26', '9999-12-31']) {
      const file = await scratch.write('rates.csv', `${HEADER}${date},1,65.1,1530,,\n`);
      await refused(() => importRates(db, file), new RegExp(`rates\\.csv:2: drtDate: ${date} is outside 1882-11-12 to 2174-11-25`));
    }
    // the table's own first and last days are fine
    const edges = await scratch.write('rates.csv', `${HEADER}1882-11-12,1,0.66,0.2,,\n2174-11-25,2,5,100,,\n`);
    expect((await importRates(db, edges, { acceptJumps: true, today: '2174-11-25' })).inserted).toBe(2);
  });

  it('a rate or a rate per US dollar dated after today (the injected clock, NISAB_TODAY), and one dated 0226 for 2026, FX included', async () => {
    const db = await scratch.seededDatabase();
    await importSources(
      db,
      await scratch.write(
        'sources.csv',
        'srcID,srcName,srcURL,srcLicence,srcDescription,srcFigure\ncurrency-api,The currency API,,CC0 1.0,Daily rates.,daily-reference\n',
      ),
    );
    await importCurrencies(db, await scratch.write('currencies.csv', 'curCode,curName\nGBP,Pound Sterling\n'));
    vi.stubEnv('NISAB_TODAY', '2026-09-30');
    try {
      const future = await scratch.write('rates.csv', `${HEADER}2026-10-01,1,65.1,1530,,\n`);
      await refused(() => importRates(db, future), /rates\.csv:2: drtDate: 2026-10-01 is after today \(2026-09-30\)/);
      const FX = 'fxDate,fxCurrency,fxPerUSD,fxSource\n';
      // One day's rows of 2026-09-29 typed 0226-09-29 were taken, and the next build wrote 287,569 files.
      const typo = await scratch.write('fx.csv', `${FX}2026-09-28,GBP,0.755,currency-api\n0226-09-29,GBP,0.7554,currency-api\n`);
      await refused(() => importFx(db, typo), /fx\.csv:3: fxDate: 0226-09-29 is outside 1882-11-12 to 2174-11-25/);
      const ahead = await scratch.write('fx.csv', `${FX}2026-10-01,GBP,0.7554,currency-api\n`);
      await refused(() => importFx(db, ahead), /fx\.csv:2: fxDate: 2026-10-01 is after today \(2026-09-30\)/);
      // Today itself is taken.
      expect((await importFx(db, await scratch.write('fx.csv', `${FX}2026-09-30,GBP,0.7554,currency-api\n`))).inserted).toBe(1);
      expect((await importRates(db, await scratch.write('rates.csv', `${HEADER}2026-09-30,1,65.1,1530,,\n`))).inserted).toBe(1);
    } finally {
      vi.unstubAllEnvs();
    }
  });

  it('a carried naira rate older than 7 days (one 10 years old was published)', async () => {
    const db = await scratch.seededDatabase();
    for (const nairaDate of ['2014-03-15', '2024-03-07']) {
      const file = await scratch.write('rates.csv', `${HEADER}2024-03-15,1,65.1,1530,manual,${nairaDate}\n`);
      await refused(
        () => importRates(db, file),
        new RegExp(`rates\\.csv:2: drtNairaDate: ${nairaDate} is \\d+ days before drtDate 2024-03-15; a naira rate is carried at most 7 days`),
      );
    }
    const week = await scratch.write('rates.csv', `${HEADER}2024-03-15,1,65.1,1530,manual,2024-03-08\n`);
    expect((await importRates(db, week)).inserted).toBe(1);
  });

  it('a subcategory slug of digits alone (slug 2 was published while ?subcategory=2 answered silver)', async () => {
    const db = await scratch.seededDatabase();
    for (const slug of ['2', '007', '4']) {
      const file = await scratch.write('subcategories.csv', `${SUBCATEGORIES_HEADER}4,${slug},Platinum,gram,true,false,1\n`);
      await refused(() => importSubcategories(db, file), new RegExp(`subcategories\\.csv:2: sctSlug: "${slug}" is all digits`));
    }
    const fine = await scratch.write('subcategories.csv', `${SUBCATEGORIES_HEADER}4,platinum-2,Platinum,gram,true,false,1\n`);
    expect((await importSubcategories(db, fine)).inserted).toBe(1);
  });

  it('a unit the rules do not know ("gram " turned 12 Nisab values into null), and its siblings', async () => {
    const db = await scratch.seededDatabase();
    for (const unit of ['gram ', 'Gram', 'grams', 'g']) {
      const file = await scratch.write('subcategories.csv', `${SUBCATEGORIES_HEADER}1,gold,Gold,"${unit}",true,true,1\n`);
      await refused(() => importSubcategories(db, file), new RegExp(`subcategories\\.csv:2: sctUnit: "${unit}" is not a unit the rules know`));
      const rule = await scratch.write('nisab.json', JSON.stringify([{ ...GOLD_RULE, nsbThresholdUnit: unit }]));
      await refused(() => importNisab(db, rule), new RegExp(`nisab\\.json:1: nsbThresholdUnit: "${unit}" is not a unit the rules know`));
    }
  });

  it("gold's unit changed to kg under its rates and rules (the API said 132.75 USD per kg)", async () => {
    const db = await publishable();
    const kg = await scratch.write('subcategories.csv', `${SUBCATEGORIES_HEADER}1,gold,Gold,kg,true,true,1\n`);
    await refused(
      () => importSubcategories(db, kg),
      /subcategories\.csv:2: sctUnit: subcategory 1 has 5 rates priced per "gram"; changing the unit would publish them as prices per "kg"/,
    );
    // without rates yet, the rules it values still say gram
    db.exec('DELETE FROM rates');
    const message = await refused(
      () => importSubcategories(db, kg),
      /Nisab rule 1: nsbThresholdUnit "gram", but subcategory 1, whose rate values the rule, is priced per "kg"/,
    );
    expect(message).toMatch(/Nisab rule 2: nsbThresholdUnit "gram", but subcategory 1/);
    // a unit that was never known may be corrected under its rates
    db.exec(
      "INSERT INTO rates (drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira) VALUES (1, '2024-03-15', 65.1, 1530); UPDATE subcategories SET sctUnit = 'gram ' WHERE sctID = 1",
    );
    expect((await importSubcategories(db, await scratch.write('fixed.csv', `${SUBCATEGORIES_HEADER}1,gold,Gold,gram,true,true,1\n`))).updated).toBe(1);
    // a rule in another unit than the metal that values it: its own, its basis, or one of the lower-of metals
    for (const rule of [
      { ...GOLD_RULE, nsbThresholdUnit: 'kg', nsbThreshold: 0.085 },
      { ...GOLD_RULE, nsbSubcategoryID: 3, nsbBasisSubcategoryID: 1, nsbThresholdUnit: 'troy-ounce' },
      {
        ...GOLD_RULE,
        nsbSubcategoryID: 3,
        nsbThreshold: null,
        nsbThresholdUnit: 'kg',
        nsbLowerOf: [
          { subcategoryID: 1, threshold: 0.085 },
          { subcategoryID: 2, threshold: 0.595 },
        ],
      },
    ]) {
      const file = await scratch.write('nisab.json', JSON.stringify([rule]));
      await refused(
        () => importNisab(db, file),
        /nisab\.json:1: nsbThresholdUnit: "(kg|troy-ounce)", but subcategory 1, whose rate values the rule, is priced per "gram"/,
      );
    }
  });

  it('an absurd threshold (1e308 published null values beside a rate date), and its siblings', async () => {
    const db = await scratch.seededDatabase();
    for (const [rule, field] of [
      [{ ...GOLD_RULE, nsbThreshold: 1e308 }, 'nsbThreshold'],
      [{ ...GOLD_RULE, nsbThreshold: 1e7 }, 'nsbThreshold'],
      [
        {
          ...GOLD_RULE,
          nsbSubcategoryID: 3,
          nsbThreshold: null,
          nsbLowerOf: [
            { subcategoryID: 1, threshold: 85 },
            { subcategoryID: 2, threshold: 1e300 },
          ],
        },
        'nsbLowerOf\\[1\\]\\.threshold',
      ],
    ] as const) {
      const file = await scratch.write('nisab.json', JSON.stringify([rule]));
      await refused(() => importNisab(db, file), new RegExp(`nisab\\.json:1: ${field}: [0-9e+.]+ is more than 1,000,000`));
    }
    // the largest real one, the diyyah's 4,250 g of gold
    const diyyah = await scratch.write('nisab.json', JSON.stringify([{ ...GOLD_RULE, nsbThreshold: 4250 }]));
    expect((await importNisab(db, diyyah)).inserted).toBe(1);
  });

  it('redefining the built-in source manual', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('sources.csv', 'srcID,srcName,srcURL,srcLicence,srcDescription\nmanual,Someone,https://example.org/,none,anything\n');
    await refused(() => importSources(db, file), /sources\.csv:2: srcID: "manual" is built in/);
  });
});

describe('a database that already holds such a value', () => {
  // Written as an older program (or plain SQL) would have: around the imports.
  const HELD: [string, string, RegExp][] = [
    [
      'a rate dated 0202-01-31',
      "INSERT INTO rates (drtID, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira) VALUES (99, 1, '0202-01-31', 65.1, 1530)",
      /rates drtID 99 \(subcategory 1 on 0202-01-31\): drtDate: 0202-01-31 is outside .*; remove it with: npm run cli -- delete rate --subcategory 1 --date 0202-01-31 --db \S+test\.sqlite/,
    ],
    [
      'a carried rate 10 years old',
      "UPDATE rates SET drtNairaDate = '2014-03-15' WHERE drtSubcategoryID = 1 AND drtDate = '2024-03-15'",
      /rates drtID \d+ \(subcategory 1 on 2024-03-15\): drtNairaDate: 2014-03-15 is 3653 days before .*import the rate again/,
    ],
    [
      'a slug of digits',
      "UPDATE subcategories SET sctSlug = '2' WHERE sctID = 3",
      /subcategories sctID 3: sctSlug: "2" is all digits.*import subcategories FILE\.csv --db/,
    ],
    [
      'a unit with a space',
      "UPDATE subcategories SET sctUnit = 'gram ' WHERE sctID = 1",
      /subcategories sctID 1: sctUnit: "gram " is not a unit the rules know/,
    ],
    [
      'gold per kg under gram rules',
      "UPDATE subcategories SET sctUnit = 'kg' WHERE sctID = 1",
      /nisab_rules nsbID 1: nsbThresholdUnit: "gram", but subcategory 1, whose rate values the rule, is priced per "kg".*import nisab FILE\.json/,
    ],
    ['a threshold of 1e308', 'UPDATE nisab_rules SET nsbThreshold = 1e308 WHERE nsbID = 1', /nisab_rules nsbID 1: threshold: 1e\+308 is more than 1,000,000/],
    [
      'a threshold of infinity',
      'UPDATE nisab_rules SET nsbThreshold = 1e999 WHERE nsbID = 1',
      /nisab_rules nsbID 1: threshold: Infinity is not a finite number/,
    ],
    [
      'manual redefined',
      "UPDATE sources SET srcName = 'Someone' WHERE srcID = 'manual'",
      /sources srcID manual: the built-in source was redefined; restore it with: npm run cli -- init --db/,
    ],
  ];

  for (const [name, sql, pattern] of HELD) {
    it(`${name}: build names the row and its fix, publishes nothing`, async () => {
      const db = await publishable();
      db.exec(sql);
      const out = path.join(scratch.dir, 'public');
      const message = describeUserError(await userError(buildSnapshot(fixtureBuild(db.name, out, { asOf: '2024-03-15' }))));
      expect(message).toMatch(/stored values (no build can publish; each line says how to correct it|break the record rules)/);
      expect(message).toMatch(pattern);
    });
  }

  it('a tree over the 20,000 files a Cloudflare deployment takes: build refuses it before writing, naming where the files are', async () => {
    const db = await publishable();
    // 1,050 currencies with rates per US dollar from 1883 (a typed 1883 for 2023, say) to 2024: a file per currency
    // and closed decade (1880s to 2010s), and per year of the open one (2020 to 2024).
    const codes = Array.from({ length: 1050 }, (_, i) => String.fromCharCode(65 + Math.floor(i / 26 / 26), 65 + (Math.floor(i / 26) % 26), 65 + (i % 26)));
    db.exec(
      "INSERT INTO sources (srcID, srcName, srcURL, srcLicence, srcDescription, srcFigure) VALUES ('fx-test', 'FX', NULL, 'CC0 1.0', 'Rates.', 'daily-reference')",
    );
    const currency = db.prepare('INSERT INTO currencies (curCode, curName) VALUES (?, ?)');
    const rate = db.prepare("INSERT INTO fx_rates (fxDate, fxCurrency, fxPerUSD, fxSource) VALUES (?, ?, 1.5, 'fx-test')");
    // One transaction: 2,100 rows committed one by one took a minute under load.
    db.transaction(() => {
      for (const code of codes) {
        currency.run(code, `Currency ${code}`);
        rate.run('1883-03-15', code);
        rate.run('2024-03-15', code);
      }
    })();
    const out = path.join(scratch.dir, 'public');
    const error = await userError(buildSnapshot(fixtureBuild(db.name, out, { asOf: '2024-03-15' })));
    // 1,050 currencies x (14 decades + 5 years) = 19,950 FX files, and the rest.
    expect(error.message).toMatch(/^the snapshot would hold 2\d,\d{3} files, more than the 20,000 a Cloudflare deployment takes; nothing was written$/);
    expect(error.problems[0]).toBe(`v1/fx: 19,950 files, from v1/fx/AAA/1880s.json to v1/fx/${codes.at(-1)}/2024.json`);
    expect(existsSync(out)).toBe(false);
  });

  it('through the CLI: an error, never "internal error"; delete rate removes the row, from the kept month file too, and the build then publishes', async () => {
    const db = await publishable();
    const daily = path.join(scratch.dir, 'daily');
    await keepRates(daily, [
      { drtID: 99, drtDate: '0202-01-31', drtSubcategoryID: 1, drtInUSD: 65.1, drtUSDinNaira: 1530, drtPriceSource: 'manual', drtNairaSource: 'manual' },
    ]);
    writeFileSync(path.join(daily, '0202-01.csv'), readFileSync(path.join(daily, '0202-01.csv'), 'utf8') + '100,0202-01-31,2,0.8,1530,manual,manual,\n');
    db.exec("INSERT INTO rates (drtID, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira) VALUES (99, 1, '0202-01-31', 65.1, 1530)");
    db.close();
    const out = path.join(scratch.dir, 'public');
    const failed = await cli('build', '--db', db.name, '--out', out, '--as-of', '2024-03-15');
    expect(failed.code).toBe(1);
    expect(failed.stderr).not.toMatch(/internal error/);
    expect(failed.stderr).toMatch(/^error: .*1 stored values no build can publish/);
    const fix = /remove it with: (npm run cli -- (delete rate .*))\(add --write-csv/.exec(failed.stderr)![2]!.trim().split(' ');

    const gone = await cli(...fix, '--write-csv', daily);
    expect(gone.stderr).toBe('');
    expect(gone.stdout).toMatch(/deleted rate 99 \(subcategory 1 on 0202-01-31\)/);
    expect(readFileSync(path.join(daily, '0202-01.csv'), 'utf8')).toBe(
      'drtID,drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource,drtNairaSource,drtNairaDate\n100,0202-01-31,2,0.8,1530,manual,manual,\n',
    );
    const again = await cli(...fix);
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/^error: .*no rate of subcategory 1 on 0202-01-31; nothing deleted/);
    const built = await cli('build', '--db', db.name, '--out', out, '--as-of', '2024-03-15');
    expect(built.stderr).not.toMatch(/error/);
    expect(built.code).toBe(0);
    // four CLI processes one after the other, each compiling the program with tsx first: 47 s seen under a load of 15 to 21
  }, 150_000);

  it('init restores a redefined built-in source', async () => {
    const db = await publishable();
    db.exec("UPDATE sources SET srcName = 'Someone' WHERE srcID = 'manual'");
    db.close();
    const restored = await cli('init', '--db', db.name);
    expect(restored.stdout).toMatch(/restored the built-in source manual/);
    const out = path.join(scratch.dir, 'public');
    await buildSnapshot(fixtureBuild(db.name, out, { asOf: '2024-03-15' }));
    // one CLI process, compiling the program with tsx first: 12.5 s seen under a load of 21
  }, 60_000);
});
