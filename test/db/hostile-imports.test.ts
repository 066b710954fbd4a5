// Issue 11: each class of hostile import file is refused with a clear, bounded
// message, and the database file stays byte for byte as it was.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { importNisab } from '../../generator/db/import-nisab.ts';
import { importRates } from '../../generator/db/import-rates.ts';
import { importSources } from '../../generator/db/import-sources.ts';
import { describeUserError } from '../../generator/errors.ts';
import { useScratch, userError } from './scratch.ts';

const scratch = useScratch();
const HEADER = 'drtDate,drtSubcategoryID,drtInUSD,drtUSDinNaira\n';
const RULE = { nsbID: 1, nsbSubcategoryID: 1, nsbThreshold: 85, nsbThresholdUnit: 'gram', nsbRatePercent: 2.5 };
/** What the operator sees, whole: it must fit on a screen or two, whatever the file. */
const MAX_MESSAGE = 20_000;

async function refusedWith(run: () => Promise<unknown>, pattern: RegExp) {
  const file = path.join(scratch.dir, 'test.sqlite');
  const hash = () => createHash('sha1').update(readFileSync(file)).digest('hex');
  const before = hash();
  const message = describeUserError(await userError(run()));
  expect(message).toMatch(pattern);
  // one line per problem: a value that breaks two checks of one field is told once
  expect(new Set(message.split('\n')).size).toBe(message.split('\n').length);
  expect(message.length, message.slice(0, 500)).toBeLessThan(MAX_MESSAGE);
  expect(hash()).toBe(before);
  return message;
}

describe('hostile import files', () => {
  it('a JSON key given twice (it rewrote rule 1)', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write(
      'nisab.json',
      '[{"nsbID":104,"nsbID":1,"nsbSubcategoryID":1,"nsbThreshold":85,"nsbThresholdUnit":"gram","nsbRatePercent":2.5}]',
    );
    await refusedWith(() => importNisab(db, file), /nisab\.json:1: nsbID: given twice in one object/);
  });

  it('invalid UTF-8, in JSON and in CSV (it was stored as U+FFFD)', async () => {
    const db = await scratch.seededDatabase();
    const json = path.join(scratch.dir, 'nisab.json');
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(
        json,
        Buffer.concat([
          Buffer.from('[\n{"nsbID":1,"nsbSubcategoryID":1,"nsbThreshold":85,"nsbThresholdUnit":"gram","nsbRatePercent":2.5,"nsbNotes":"'),
          Buffer.from([0xff]),
          Buffer.from('"}\n]'),
        ]),
      ),
    );
    await refusedWith(() => importNisab(db, json), /nisab\.json:2: file: is not valid UTF-8/);
    const csv = path.join(scratch.dir, 'rates.csv');
    await import('node:fs/promises').then((fs) =>
      fs.writeFile(csv, Buffer.concat([Buffer.from(`${HEADER}2024-03-14,1,49.77,1530\n2024-03-15,1,49.8,15`), Buffer.from([0xc3, 0x28]), Buffer.from('30\n')])),
    );
    await refusedWith(() => importRates(db, csv), /rates\.csv:\d+: file: is not valid UTF-8/);
  });

  it('a source URL that is not http(s) (javascript: was published)', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('nisab.json', JSON.stringify([{ ...RULE, nsbSourceURL: 'javascript:alert(1)' }]));
    await refusedWith(() => importNisab(db, file), /nsbSourceURL: must be an http\(s\) URL/);
  });

  it("every link that is not a plain http(s) URL, for a source, a rule and a rule's authority", async () => {
    const db = await scratch.seededDatabase();
    // javascript: was published; its siblings run script or leave the web when a client renders them as links
    const bad = [
      'javascript:alert(1)',
      'JavaScript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      'vbscript:msgbox',
      'file:///etc/passwd',
      'ftp://example.org/x',
      'HTTPS://example.org/',
      'https://example.org/a b',
      '//example.org/x',
      'example.org',
    ];
    for (const url of bad) {
      const csv = await scratch.write('sources.csv', `srcID,srcName,srcURL,srcLicence,srcDescription\ncbn-nfem,CBN,"${url}",public,daily official rate\n`);
      await refusedWith(() => importSources(db, csv), /sources\.csv:2: srcURL: must be an http\(s\) URL/);
      const rule = await scratch.write('nisab.json', JSON.stringify([{ ...RULE, nsbSourceURL: url }]));
      await refusedWith(() => importNisab(db, rule), /nsbSourceURL: must be an http\(s\) URL/);
      const authority = await scratch.write('nisab.json', JSON.stringify([{ ...RULE, nsbAuthorities: [{ name: 'NMCN', sourceURL: url }] }]));
      await refusedWith(() => importNisab(db, authority), /nsbAuthorities\[0\]\.sourceURL: must be an http\(s\) URL/);
    }
    const good = await scratch.write(
      'sources.csv',
      'srcID,srcName,srcURL,srcLicence,srcDescription\ncbn-nfem,CBN,https://www.cbn.gov.ng/rates/,public,daily official rate\n',
    );
    await importSources(db, good);
    expect(db.prepare("SELECT srcURL FROM sources WHERE srcID = 'cbn-nfem'").pluck().get()).toBe('https://www.cbn.gov.ng/rates/');
  });

  it('a deeply nested value (it was "Maximum call stack size exceeded")', async () => {
    const db = await scratch.seededDatabase();
    const file = await scratch.write('nisab.json', JSON.stringify([{ ...RULE, nsbNotes: 'x' }]).replace('"x"', '['.repeat(100_000) + ']'.repeat(100_000)));
    await refusedWith(() => importNisab(db, file), /json: nested deeper than 16 levels/);
  });

  it('a 50 MB cell: a clear error, not echoed whole', async () => {
    const db = await scratch.seededDatabase();
    const big = 'x'.repeat(50 * 1024 * 1024);
    const csv = await scratch.write('rates.csv', `${HEADER}2024-03-15,1,${big},1530\n`);
    await refusedWith(() => importRates(db, csv), /rates\.csv:2: row: .*(maximum|record size)/i);
    const cell = await scratch.write('rates2.csv', `${HEADER}2024-03-15,1,${'9'.repeat(5000)}x,1530\n`);
    const message = await refusedWith(() => importRates(db, cell), /drtInUSD: must be a number, got "9{60}"\.\.\. \(5001 characters\)/);
    expect(message.length).toBeLessThan(400);
  });

  it('forty thousand bad rows: the total said, the first 100 shown', async () => {
    const db = await scratch.seededDatabase();
    const csv = await scratch.write('rates.csv', HEADER + '2024-13-01,1,49.8,1530\n'.repeat(40_000));
    const message = await refusedWith(() => importRates(db, csv), /nothing imported, 40000 problems \(the first 100 by line shown\)/);
    expect(message.split('\n').length).toBe(101);
    expect(message).toMatch(/rates\.csv:2: drtDate: /);
  }, 60_000);

  it.skipIf(!existsSync('/dev/zero'))('/dev/zero as rates or as Nisab rules (one never ended, the other was "Invalid string length")', async () => {
    const db = await scratch.seededDatabase();
    // a device: refused before it is opened (issue 25), not read until a limit
    await refusedWith(() => importNisab(db, '/dev/zero'), /\/dev\/zero:1: file: is not a regular file \(a device\)/);
    await refusedWith(() => importRates(db, '/dev/zero'), /\/dev\/zero:1: file: is not a regular file \(a device\)/);
  });

  it('rates before subcategories: said once, with the way out', async () => {
    const db = scratch.database();
    const csv = await scratch.write(
      'rates.csv',
      HEADER +
        Array.from({ length: 496 }, (_, i) => `${new Date(Date.UTC(2024, 0, 1 + (i >> 1))).toISOString().slice(0, 10)},${(i % 2) + 1},49.8,1530`).join('\n'),
    );
    const message = await refusedWith(() => importRates(db, csv), /there are no subcategories yet; import them first: npm run cli -- import subcategories/);
    expect(message.split('\n').length).toBeLessThan(10);
  });
});
