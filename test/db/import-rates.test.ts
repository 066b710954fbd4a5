import { describe, expect, it } from 'vitest';
import { importRates } from '../../generator/db/import-rates.ts';
import { contents, useScratch, userError } from './scratch.ts';

const scratch = useScratch();
const HEADER = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n';

async function ratesFile(body: string, header = HEADER) {
  return scratch.write('rates.csv', header + body);
}

function rates(db: ReturnType<typeof scratch.database>) {
  return db.prepare('SELECT drtID, drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira FROM rates ORDER BY drtID').all();
}

describe('importRates', () => {
  it('inserts rows and assigns IDs in file order', async () => {
    const db = await scratch.seededDatabase();
    const file = await ratesFile('2024-01-31,1,65.1,900.5\n2024-01-31,2,0.75,900.5\n2024-02-29,1,66,1400\n');
    expect(await importRates(db, file)).toEqual({ file, rows: 3, inserted: 3, updated: 0, unchanged: 0 });
    expect(rates(db)).toEqual([
      { drtID: 1, drtSubcategoryID: 1, drtDate: '2024-01-31', drtInUSD: 65.1, drtUSDinNaira: 900.5 },
      { drtID: 2, drtSubcategoryID: 2, drtDate: '2024-01-31', drtInUSD: 0.75, drtUSDinNaira: 900.5 },
      { drtID: 3, drtSubcategoryID: 1, drtDate: '2024-02-29', drtInUSD: 66, drtUSDinNaira: 1400 },
    ]);
  });

  it('keeps given drtIDs and assigns the rest after them, whatever the row order', async () => {
    const db = await scratch.seededDatabase();
    const file = await ratesFile(
      '2024-01-31,1,65,900,\n2024-02-29,1,66,900,1\n2024-03-31,1,67,900,7\n',
      'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtID\n',
    );
    await importRates(db, file);
    expect(db.prepare('SELECT drtDate, drtID FROM rates ORDER BY drtDate').raw().all()).toEqual([
      ['2024-01-31', 8],
      ['2024-02-29', 1],
      ['2024-03-31', 7],
    ]);
  });

  it('changes nothing when the same file is imported again', async () => {
    const db = await scratch.seededDatabase();
    const file = await ratesFile('2024-01-31,1,65.123456,900.5\n2024-01-31,2,0.75,900.5\n');
    await importRates(db, file);
    const before = contents(db);
    expect(await importRates(db, file)).toEqual({ file, rows: 2, inserted: 0, updated: 0, unchanged: 2 });
    expect(contents(db)).toEqual(before);
  });

  it('replaces the prices of an existing subcategory and date, keeping its drtID', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await ratesFile('2024-01-31,1,65,900\n2024-02-29,1,66,900\n'));
    const corrected = await scratch.write('corrected.csv', `${HEADER}2024-03-31,1,67,900\n2024-01-31,1,65.5,901\n2024-02-29,1,66,900\n`);
    expect(await importRates(db, corrected)).toMatchObject({ rows: 3, inserted: 1, updated: 1, unchanged: 1 });
    expect(rates(db)).toEqual([
      { drtID: 1, drtSubcategoryID: 1, drtDate: '2024-01-31', drtInUSD: 65.5, drtUSDinNaira: 901 },
      { drtID: 2, drtSubcategoryID: 1, drtDate: '2024-02-29', drtInUSD: 66, drtUSDinNaira: 900 },
      { drtID: 3, drtSubcategoryID: 1, drtDate: '2024-03-31', drtInUSD: 67, drtUSDinNaira: 900 },
    ]);
  });

  it('stores the sources a row names, manual when it names none, and the date of a carried naira figure', async () => {
    const db = await scratch.seededDatabase();
    await importRates(db, await ratesFile('2024-01-31,1,65,900\n'));
    const header = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource,drtNairaSource,drtNairaDate\n';
    db.exec(`INSERT INTO sources VALUES ('daily', 'Daily', NULL, 'CC0', 'a daily figure', 'daily-reference'),
                                        ('carried', 'Carried', NULL, 'CC0', 'an earlier figure', 'carried')`);
    const file = await ratesFile('2024-02-03,1,66,901,daily,carried,2024-02-02\n2024-02-05,1,67,902,daily,daily,2024-02-05\n', header);
    expect(await importRates(db, file)).toMatchObject({ rows: 2, inserted: 2 });
    expect(db.prepare('SELECT drtDate, drtPriceSource, drtNairaSource, drtNairaDate FROM rates ORDER BY drtDate').raw().all()).toEqual([
      ['2024-01-31', 'manual', 'manual', null],
      ['2024-02-03', 'daily', 'carried', '2024-02-02'],
      ['2024-02-05', 'daily', 'daily', null],
    ]);
    // The same figures from another source are a change.
    const again = await scratch.write('again.csv', `${header}2024-02-03,1,66,901,daily,daily,\n`);
    expect(await importRates(db, again)).toMatchObject({ updated: 1 });
  });

  it('accepts a BOM, CRLF line ends, quoted cells and blank lines', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('rates.csv', `\uFEFF${HEADER.trim()}\r\n"2024-01-31",1,65,900\r\n\r\n2024-02-29,1,"66",900\r\n`);
    expect(await importRates(db, file)).toMatchObject({ rows: 2, inserted: 2 });
  });
});

describe('importRates refuses a bad file, writes nothing and names file, line and field', () => {
  async function refused(body: string, header = HEADER) {
    const db = await scratch.seededDatabase();
    await importRates(db, await scratch.write('existing.csv', `${HEADER}2020-01-31,1,50,300\n`));
    const before = contents(db);
    const file = await ratesFile(body, header);
    const error = await userError(importRates(db, file));
    expect(contents(db)).toEqual(before);
    expect(db.inTransaction).toBe(false);
    return { message: error.message, problems: error.problems.map((p) => p.replace(file, 'rates.csv')) };
  }

  it('an unknown source, a naira figure dated after its record', async () => {
    const header = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtPriceSource,drtNairaSource,drtNairaDate\n';
    const { problems } = await refused('2024-01-31,1,65,900,nowhere,manual,\n2024-02-02,1,65,900,manual,manual,2024-02-03\n', header);
    expect(problems).toEqual([
      'rates.csv:2: drtPriceSource: unknown source "nowhere"; import it first with: import sources FILE.csv',
      'rates.csv:3: drtNairaDate: 2024-02-03 is after drtDate 2024-02-02; a figure can only be carried from an earlier date',
    ]);
  });

  it('reports every bad row, in file order, not only the first', async () => {
    const { message, problems } = await refused(
      [
        '2024-02-30,1,65,900', // line 2
        '2024-2-5,1,65,900',
        '2024-03-31,1,0,900',
        '2024-04-30,1,-3,900',
        '2024-05-31,1,12abc,900',
        '2024-06-30,1,,900',
        '2024-07-31,99,65,900',
        '2024-08-31,1,65,900',
        '2024-08-31,1,66,900', // line 10
        '2024-09-30,1.5,65,900',
        '2024-10-31,1,65',
        '2024-11-30,1,1e999,900',
        '',
      ].join('\n'),
    );
    expect(message).toMatch(/^.*rates\.csv: nothing imported, 11 problems$/);
    expect(problems).toEqual([
      'rates.csv:2: drtDate: must be a real date in YYYY-MM-DD form, e.g. 2024-03-15',
      'rates.csv:3: drtDate: must be a real date in YYYY-MM-DD form, e.g. 2024-03-15',
      'rates.csv:4: drtInUSD: must be greater than 0',
      'rates.csv:5: drtInUSD: must be greater than 0',
      'rates.csv:6: drtInUSD: must be a number, got "12abc"',
      'rates.csv:7: drtInUSD: must be a number, got nothing',
      'rates.csv:8: drtSubcategoryID: unknown subcategory 99',
      'rates.csv:10: drtDate: subcategory 1 on 2024-08-31 is already on line 9',
      'rates.csv:11: drtSubcategoryID: must be a whole number',
      'rates.csv:12: row: has 3 values, the header has 4 columns',
      'rates.csv:13: drtInUSD: must be a finite number',
    ]);
  });

  it('a missing column', async () => {
    const { problems } = await refused('2024-01-31,1,65\n', 'drtDate,drtSubcategoryID,drtInUSD\n');
    expect(problems).toEqual(['rates.csv:1: drtUSDinNaira: missing column']);
  });

  it('an unknown or repeated header', async () => {
    const { problems } = await refused('2024-01-31,1,65,900,1,x\n', 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira,drtDate,price\n');
    expect(problems).toEqual([
      'rates.csv:1: drtDate: column given twice',
      'rates.csv:1: price: unknown column; expected drtID (optional), drtDate, drtSubcategoryID, drtInUSD, drtUSDinNaira, drtPriceSource (optional), drtNairaSource (optional), drtNairaDate (optional)',
    ]);
  });

  it('an empty file', async () => {
    const { problems } = await refused('', '');
    expect(problems).toEqual([
      'rates.csv:1: header: the file is empty; expected the columns drtID (optional), drtDate, drtSubcategoryID, drtInUSD, drtUSDinNaira, drtPriceSource (optional), drtNairaSource (optional), drtNairaDate (optional)',
    ]);
  });

  it('a CSV syntax error, after the rows before it', async () => {
    const { problems } = await refused('2024-01-31,1,0,900\n2024-02-29,1,"66"x,900\n');
    expect(problems[0]).toBe('rates.csv:2: drtInUSD: must be greater than 0');
    expect(problems[1]).toMatch(/^rates\.csv:3: row: Invalid Closing Quote/);
  });

  it('a duplicate drtID in the file', async () => {
    const { problems } = await refused('2024-01-31,1,65,900,5\n2024-02-29,1,65,900,5\n', `${HEADER.trim()},drtID\n`);
    expect(problems).toEqual(['rates.csv:3: drtID: 5 is already on line 2']);
  });

  it('a drtID that belongs to another subcategory and date', async () => {
    const { problems } = await refused('2024-01-31,1,65,900,1\n', `${HEADER.trim()},drtID\n`);
    expect(problems).toEqual(['rates.csv:2: drtID: 1 is already the ID of subcategory 1 on 2020-01-31']);
  });

  it('a drtID other than the one the subcategory and date already have', async () => {
    const { problems } = await refused('2020-01-31,1,51,300,9\n', `${HEADER.trim()},drtID\n`);
    expect(problems).toEqual(['rates.csv:2: drtID: subcategory 1 on 2020-01-31 already has drtID 1']);
  });

  it('counts lines across a quoted cell that spans lines', async () => {
    const { problems } = await refused('2024-01-31,1,65,900\n"2024-02\n-29",1,65,900\n2024-03-31,1,0,900\n');
    // The cell's line feed is a control character, refused in every text (check-record.ts), on the cell's own line.
    expect(problems).toEqual([
      'rates.csv:3: drtDate: contains U+000A (a line feed) at character 8; remove it',
      'rates.csv:3: drtDate: must be a real date in YYYY-MM-DD form, e.g. 2024-03-15',
      'rates.csv:5: drtInUSD: must be greater than 0',
    ]);
  });

  it('leaves the connection ready for the next import', async () => {
    const db = await scratch.seededDatabase();
    await userError(importRates(db, await ratesFile('2024-01-31,1,0,900\n')));
    expect(await importRates(db, await ratesFile('2024-01-31,1,65,900\n'))).toMatchObject({ inserted: 1 });
  });

  it('a missing file, as a message rather than a crash', async () => {
    const db = await scratch.seededDatabase();
    const error = await userError(importRates(db, `${scratch.dir}/nope.csv`));
    expect(error.message).toBe(`${scratch.dir}/nope.csv: no such file`);
    expect(db.inTransaction).toBe(false);
  });
});
