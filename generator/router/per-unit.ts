// Rate records per troy ounce (unit=troy-ounce, docs/API.md §2e; CONTRACT §12):
// dailynisab.org's legacy clients include one that reads drtInUSD per troy ounce.
// Every stored price is per gram; per ounce, drtInUSD is that figure × 31.1034768
// rounded half away from zero to 6 decimals, and drtInNaira §3a's rounding of that
// figure × the record's own drtUSDinNaira (not the per-gram naira × 31.1, which
// would round twice). drtUnit says troy-ounce and drtGramsPerUnit the factor.
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).
import { fieldText } from './in-currency.ts';
import { money, roundedProduct } from './money.ts';

/** What every document a developer copies from says of the unit (CONTRACT §12; /llms.txt, OpenAPI, the README). */
export const UNIT_NOTE = 'drtInUSD is US dollars per gram (drtUnit); a troy ounce is 31.1034768 g (unit=troy-ounce gives the prices per troy ounce)';

/** Grams in one international troy ounce (exact by definition, 1959). */
export const GRAMS_PER_TROY_OUNCE = '31.1034768';

/** The line with one field's JSON text replaced (the field is there: every rate record has it). */
function withField(line: string, name: string, text: string): string {
  const key = '"' + name + '":';
  const start = line.indexOf(key) + key.length;
  return line.slice(0, start) + text + line.slice(start + fieldText(line, name).length);
}

/** A rate record's line per troy ounce; a record priced in another unit than the gram is left as it is, drtGramsPerUnit null. */
export function rateLinePerOunce(line: string): string {
  const end = line.lastIndexOf('}');
  if (fieldText(line, 'drtUnit') !== '"gram"') return line.slice(0, end) + ',"drtGramsPerUnit":null' + line.slice(end);
  const usd = roundedProduct([fieldText(line, 'drtInUSD'), GRAMS_PER_TROY_OUNCE], 6);
  let out = withField(line, 'drtInUSD', String(usd));
  out = withField(out, 'drtInNaira', String(money([String(usd), fieldText(out, 'drtUSDinNaira')])));
  out = withField(out, 'drtUnit', '"troy-ounce"');
  const last = out.lastIndexOf('}');
  return out.slice(0, last) + ',"drtGramsPerUnit":' + GRAMS_PER_TROY_OUNCE + out.slice(last);
}
