// The database guards its own invariants, whatever writes to it.
import type { Database } from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { useScratch } from './scratch.ts';

const scratch = useScratch();

const insertRate = (db: Database, date: unknown, usd: unknown = 65, ngn: unknown = 900, subcategory = 1) =>
  db.prepare('INSERT INTO rates (drtSubcategoryID, drtDate, drtInUSD, drtUSDinNaira) VALUES (?, ?, ?, ?)').run(subcategory, date, usd, ngn);

describe('rates', () => {
  it('accepts a real zero-padded date, leap day included', async () => {
    const db = await scratch.seededDatabase();
    expect(() => insertRate(db, '2024-02-29')).not.toThrow();
  });

  it.each(['2024-02-30', '2023-02-29', '2024-13-01', '2024-2-5', '20240205', '2024-02-05T00:00', '2024-02-05 ', 'yesterday'])(
    'rejects the date %j',
    async (date) => {
      const db = await scratch.seededDatabase();
      expect(() => insertRate(db, date)).toThrow(/CHECK constraint failed/);
    },
  );

  it.each([0, -1, 'abc', '12abc'])('rejects the price %j', async (price) => {
    const db = await scratch.seededDatabase();
    expect(() => insertRate(db, '2024-01-31', price)).toThrow(/CHECK constraint failed/);
    expect(() => insertRate(db, '2024-01-31', 65, price)).toThrow(/CHECK constraint failed/);
  });

  it('rejects a second rate for the same subcategory and date', async () => {
    const db = await scratch.seededDatabase();
    insertRate(db, '2024-01-31');
    expect(() => insertRate(db, '2024-01-31', 66)).toThrow(/UNIQUE constraint failed/);
  });

  it('rejects an unknown subcategory', async () => {
    const db = await scratch.seededDatabase();
    expect(() => insertRate(db, '2024-01-31', 65, 900, 99)).toThrow(/FOREIGN KEY constraint failed/);
  });
});

describe('subcategories and Nisab rules', () => {
  it('allows one default subcategory only', async () => {
    const db = await scratch.seededDatabase();
    expect(() => db.exec("INSERT INTO subcategories VALUES (9, 'x', 'X', 'gram', 0, 1, NULL)")).toThrow(/UNIQUE constraint failed/);
  });

  it('removes the brackets of a deleted rule', async () => {
    const db = await scratch.seededDatabase();
    db.exec(`INSERT INTO nisab_rules (nsbID, nsbSubcategoryID, nsbVariant, nsbIsDefault, nsbRateKind, nsbHawlRequired)
             VALUES (1, 2, 'majority', 1, 'bracket', 1);
             INSERT INTO livestock_brackets (lbrRuleID, lbrMinCount, lbrMaxCount, lbrDueText, lbrDues)
             VALUES (1, 1, 39, 'none', '[]'), (1, 40, NULL, '1 sheep', '[[{"item":"sheep","count":1}]]')`);
    db.exec('DELETE FROM nisab_rules WHERE nsbID = 1');
    expect(db.prepare('SELECT count(*) FROM livestock_brackets').pluck().get()).toBe(0);
  });

  it("keeps a rule's lists and a bracket's dues valid JSON", async () => {
    const db = await scratch.seededDatabase();
    const rule = (schools: string) =>
      db.exec(`INSERT INTO nisab_rules (nsbID, nsbSubcategoryID, nsbVariant, nsbIsDefault, nsbRateKind, nsbHawlRequired, nsbSchools)
               VALUES (7, 2, 'majority', 1, 'none', 0, '${schools}')`);
    expect(() => rule('maliki')).toThrow(/CHECK constraint failed/);
    expect(() => rule('{"a":1}')).toThrow(/CHECK constraint failed/);
    rule('["maliki"]');
    expect(() => db.exec("INSERT INTO livestock_brackets (lbrRuleID, lbrMinCount, lbrDueText, lbrDues) VALUES (7, 1, 'x', 'sheep:1')")).toThrow(
      /CHECK constraint failed/,
    );
  });

  it('rejects a bracket whose maximum is below its minimum', async () => {
    const db = await scratch.seededDatabase();
    db.exec(`INSERT INTO nisab_rules (nsbID, nsbSubcategoryID, nsbVariant, nsbIsDefault, nsbRateKind, nsbHawlRequired)
             VALUES (1, 2, 'majority', 1, 'bracket', 1)`);
    expect(() => db.exec("INSERT INTO livestock_brackets (lbrRuleID, lbrMinCount, lbrMaxCount, lbrDueText, lbrDues) VALUES (1, 10, 5, 'none', '[]')")).toThrow(
      /CHECK constraint failed/,
    );
  });
});
