// The calculator's currency names (i18n/currency-names-LANG.ts, written by
// scripts/currency-names.ts from CLDR) follow data/currencies.csv: a currency added
// there and not named here (the script not run again) fails, naming the code.
import { readFile } from 'node:fs/promises';
import { expect, it } from 'vitest';
import { LANGUAGES } from '../../generator/site/i18n/catalogue.ts';
import { CURRENCY_NAMES } from '../../generator/site/i18n/currency-names.ts';

it('names every currency of data/currencies.csv in Hausa and Arabic but the few CLDR does not name, which the file says', async () => {
  const codes = (await readFile('data/currencies.csv', 'utf8'))
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => line.split(',')[0]!);
  expect(Object.keys(CURRENCY_NAMES.en)).toEqual([]);
  for (const lang of LANGUAGES.filter((l) => l !== 'en')) {
    const names = CURRENCY_NAMES[lang];
    expect(
      Object.keys(names).filter((code) => !codes.includes(code)),
      `${lang}: names of codes not in data/currencies.csv`,
    ).toEqual([]);
    const header = (await readFile(`generator/site/i18n/currency-names-${lang}.ts`, 'utf8')).match(/CLDR names none for ([^:]*):/)?.[1];
    const unnamed = codes.filter((code) => names[code] === undefined);
    expect(unnamed.join(', ') || 'none', `${lang}: currencies without a name (npx tsx scripts/currency-names.ts)`).toBe(header);
    expect(Object.values(names).filter((name) => name.trim() === '')).toEqual([]);
  }
});
