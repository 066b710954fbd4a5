// Answers in a currency (docs/API.md §2c): the rate records and Nisab rules of
// an answer, with the currency's fields added at their end, composed at request
// time from the answer's own files and the currency's FX files (layout.ts
// `fx`, written by the build's currencyFiles). The naira's figures are each
// rate record's own (drtUSDinNaira, drtNairaDate, drtNairaSource), so
// currency=NGN equals the Naira fields; the dollar's are 1 (docs/API.md §2c).
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { moneyText } from './money.ts';
import { numberText } from './number-text.ts';

export const NAIRA_CODE = 'NGN';
export const DOLLAR_CODE = 'USD';
const DOLLAR_SOURCE_ID = 'us-dollar';

/** A currency's rate per US dollar for one rate record: the figure, its date and its source; null when none is published on or before the record's date. */
export interface FxFigure {
  perUSD: number;
  /** The figure as its text in JSON, as the build writes it (the naira's exactly as the record has it; router/number-text.ts). */
  text: string;
  date: string;
  source: string;
}

/** What an answer in a currency needs: the code and its FX files' rates, read. */
export interface CurrencyTable {
  code: string;
  /** date -> [units per US dollar, source index, its own date when earlier]: daily figures */
  rates: { [date: string]: (number | string)[] };
  /** YYYY-MM -> [units per US dollar, source index]: monthly averages */
  months: { [month: string]: (number | string)[] };
  /** The price sources whose records are monthly averages, valued by `months` only (docs/API.md §2c). */
  monthly: string[];
  sources: string[];
  /**
   * The fields rateLineIn adds, by the date and price source they were found for: [the fields up to
   * drtInCurrency's value, the figure per US dollar] or [the fields of a record without one]. The records of a
   * day (one a subcategory) share them, so each is found and written once an answer.
   */
  added: { [dateAndSource: string]: (string | number)[] };
}

interface FxFileText {
  sources: string[];
  rates: { [date: string]: (number | string)[] };
  months: { [month: string]: (number | string)[] };
  monthly: string[];
}

/**
 * The table of `code` from the texts of its FX files (none for NGN and USD), for records dated from `from` to
 * `to`. A closed decade's file (currencies.ts FxDecadeFile) is its years' files, a line each after a line naming
 * them: only the lines of the years from `from` to `to` are parsed, the same texts the years' own files were
 * (parsing a whole daily decade took about ten times a year's CPU: docs/decisions.md).
 */
export function currencyTable(code: string, fxTexts: string[], from: string, to: string): CurrencyTable {
  const table: CurrencyTable = { code: code, rates: {}, months: {}, monthly: [], sources: [], added: {} };
  for (let i = 0; i < fxTexts.length; i++) {
    const text = fxTexts[i] as string;
    if (text.charAt(0) !== '[') {
      add(table, text);
      continue;
    }
    const lines = text.split('\n');
    const years = JSON.parse((lines[0] as string).slice(1, -1)) as string[];
    for (let j = 0; j < years.length; j++) {
      const year = years[j] as string;
      if (year < from.slice(0, 4) || year > to.slice(0, 4)) continue;
      const line = lines[j + 1] as string;
      add(table, line.charAt(line.length - 1) === ',' ? line.slice(0, -1) : line);
    }
  }
  return table;
}

/** Adds one year's FX text to the table. */
function add(table: CurrencyTable, text: string): void {
  const file = JSON.parse(text) as FxFileText;
  merge(table, file, file.rates, table.rates);
  merge(table, file, file.months, table.months);
  for (let j = 0; j < file.monthly.length; j++) if (table.monthly.indexOf(file.monthly[j] as string) === -1) table.monthly.push(file.monthly[j] as string);
}

/** Adds a file's entries to the table's, each source index renumbered into the table's sources. */
function merge(table: CurrencyTable, file: FxFileText, from: { [key: string]: (number | string)[] }, to: { [key: string]: (number | string)[] }): void {
  const keys = Object.keys(from);
  for (let j = 0; j < keys.length; j++) {
    const entry = from[keys[j] as string] as (number | string)[];
    const source = file.sources[entry[1] as number] as string;
    let at = table.sources.indexOf(source);
    if (at === -1) {
      table.sources.push(source);
      at = table.sources.length - 1;
    }
    to[keys[j] as string] = entry.length > 2 ? [entry[0] as number, at, entry[2] as string] : [entry[0] as number, at];
  }
}

/** The raw JSON text of a number or string field of a record line (none of ours holds a comma or a quote inside a string). */
export function fieldText(line: string, name: string): string {
  const key = '"' + name + '":';
  const at = line.indexOf(key);
  if (at === -1) return 'null';
  const start = at + key.length;
  let end = line.indexOf(',"', start);
  if (end === -1) end = line.lastIndexOf('}');
  return line.slice(start, end);
}

function unquote(text: string): string {
  return text.charAt(0) === '"' ? text.slice(1, -1) : text;
}

/**
 * The figure of a rate record dated `date` whose price comes from `priceSource`:
 * for NGN the record's own naira rate (its text, date and source as the record
 * has them), for USD 1; for a monthly-average record the currency's average of
 * the same month (dated its first day), else the table's newest daily figure on
 * or before `date`; or null.
 */
export function fxFor(table: CurrencyTable, date: string, priceSource: string, own: { perUSDText: string; date: string; source: string }): FxFigure | null {
  if (table.code === NAIRA_CODE) return { perUSD: Number(own.perUSDText), text: own.perUSDText, date: own.date, source: own.source };
  if (table.code === DOLLAR_CODE) return { perUSD: 1, text: '1', date: date, source: DOLLAR_SOURCE_ID };
  if (table.monthly.indexOf(priceSource) !== -1) {
    const average = table.months[date.slice(0, 7)];
    if (average === undefined) return null;
    return {
      perUSD: average[0] as number,
      text: numberText(average[0] as number),
      date: date.slice(0, 8) + '01',
      source: table.sources[average[1] as number] as string,
    };
  }
  const entry = table.rates[date];
  if (entry === undefined) return null;
  const perUSD = entry[0] as number;
  return {
    perUSD: perUSD,
    text: numberText(perUSD),
    date: entry.length > 2 ? (entry[2] as string) : date,
    source: table.sources[entry[1] as number] as string,
  };
}

/** The fields rateLineIn adds for a record valued at `fx`, up to drtInCurrency's value. */
function addedHead(code: string, fx: FxFigure): string {
  return (
    ',"drtCurrency":"' +
    code +
    '","drtUSDinCurrency":' +
    fx.text +
    ',"drtCurrencyDate":"' +
    fx.date +
    '","drtCurrencySource":' +
    JSON.stringify(fx.source) +
    ',"drtInCurrency":'
  );
}

/** A rate record's line with the currency's fields added at its end (docs/API.md §2c). */
export function rateLineIn(line: string, table: CurrencyTable): string {
  const date = unquote(fieldText(line, 'drtDate'));
  let added: string;
  if (table.code === NAIRA_CODE) {
    // The naira's figures are the record's own, and so is its value: drtInNaira, the same product (§3a).
    const own = {
      perUSDText: fieldText(line, 'drtUSDinNaira'),
      date: unquote(fieldText(line, 'drtNairaDate')),
      source: unquote(fieldText(line, 'drtNairaSource')),
    };
    added = addedHead(table.code, fxFor(table, date, '', own) as FxFigure) + fieldText(line, 'drtInNaira');
  } else {
    // Only a table with monthly averages values a record by its price source (fxFor).
    const priceSource = table.monthly.length > 0 ? unquote(fieldText(line, 'drtPriceSource')) : '';
    const key = date + ' ' + priceSource;
    let found = table.added[key];
    if (found === undefined) {
      const fx = fxFor(table, date, priceSource, { perUSDText: '', date: '', source: '' });
      found =
        fx === null
          ? [',"drtCurrency":"' + table.code + '","drtUSDinCurrency":null,"drtCurrencyDate":null,"drtCurrencySource":null,"drtInCurrency":null']
          : [addedHead(table.code, fx), fx.perUSD];
      table.added[key] = found;
    }
    // Each figure as the build writes it (router/number-text.ts); the product from the two numbers, which read as
    // the decimals their texts write (money.ts safeUnits), without a RegExp a record.
    added = found.length === 1 ? (found[0] as string) : (found[0] as string) + moneyText([Number(fieldText(line, 'drtInUSD')), found[1] as number]);
  }
  const end = line.lastIndexOf('}');
  return line.slice(0, end) + added + line.slice(end);
}
