// Money (docs/API.md §3a): every derived money figure is the exact decimal
// product of the published figures, rounded to 2 decimals half away from zero,
// by this one function wherever it is computed: the build (drtInNaira, Nisab
// values), SQL (registered as the SQLite function `money`, db/money-sql.ts) and
// the router at request time (dated Nisab answers).
//
// Why not `Math.round(a * b * 100) / 100`: the binary product of 0.6875 and
// 399.92 is 274.94499999999999, so binary floating point rounds the exact
// 274.945 down. Here each factor is taken as the decimal text it is published
// as (JavaScript's shortest round-trip form, which JSON.stringify writes too),
// the digits are multiplied exactly, and only the final figure becomes a number.
//
// Router core: keep to what nginx's njs 0.7.9 runs (no BigInt, destructuring,
// spread, for-of, classes, optional chaining, nullish coalescing, Map/Set).

const DECIMAL_FORM = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?$/;

/** A decimal as little-endian base-10 digits and a scale: value = digits × 10^-scale. */
interface Decimal {
  negative: boolean;
  digits: number[];
  scale: number;
}

function parseDecimal(factor: number | string): Decimal {
  const text = typeof factor === 'number' ? String(factor) : factor;
  const match = DECIMAL_FORM.exec(text);
  if (match === null || (typeof factor === 'number' && !Number.isFinite(factor))) {
    throw new Error('money: not a finite decimal number: ' + String(text).slice(0, 40));
  }
  const fraction = match[3] === undefined ? '' : match[3];
  const exponent = match[4] === undefined ? 0 : Number(match[4]);
  const all = match[2] + fraction;
  const digits: number[] = [];
  for (let i = all.length - 1; i >= 0; i--) digits.push(all.charCodeAt(i) - 48);
  return { negative: match[1] === '-', digits: digits, scale: fraction.length - exponent };
}

function multiply(a: Decimal, b: Decimal): Decimal {
  const digits: number[] = [];
  for (let i = 0; i < a.digits.length + b.digits.length; i++) digits.push(0);
  for (let i = 0; i < a.digits.length; i++) {
    let carry = 0;
    for (let j = 0; j < b.digits.length; j++) {
      const sum = digits[i + j]! + a.digits[i]! * b.digits[j]! + carry;
      digits[i + j] = sum % 10;
      carry = (sum - (sum % 10)) / 10;
    }
    let k = i + b.digits.length;
    while (carry > 0) {
      const sum = digits[k]! + carry;
      digits[k] = sum % 10;
      carry = (sum - (sum % 10)) / 10;
      k++;
    }
  }
  return { negative: a.negative !== b.negative, digits: digits, scale: a.scale + b.scale };
}

/**
 * The exact decimal product of `factors`, rounded to 2 decimals half away from
 * zero: `money([0.6875, 399.92])` is 274.95. One factor rounds that figure.
 * Throws on a factor that is not a finite decimal (a bug: the data is checked first).
 */
export function money(factors: (number | string)[]): number {
  return roundedProduct(factors, 2);
}

/**
 * The exact decimal product of `factors`, rounded to `places` decimals half away
 * from zero (money() is this to 2; a price per troy ounce is to 6, docs/API.md §2e).
 */
export function roundedProduct(factors: (number | string)[], places: number): number {
  if (factors.length === 0) throw new Error('money: no factors');
  let product = parseDecimal(factors[0]!);
  for (let i = 1; i < factors.length; i++) product = multiply(product, parseDecimal(factors[i]!));

  // Cents (at 2 places): the digits above 10^-places; the first digit cut away decides the rounding.
  let cents = product.digits;
  const cut = product.scale - places;
  if (cut > 0) {
    const kept: number[] = [];
    for (let i = cut; i < cents.length; i++) kept.push(cents[i]!);
    let carry = cut - 1 < cents.length && cents[cut - 1]! >= 5 ? 1 : 0;
    for (let i = 0; i < kept.length && carry > 0; i++) {
      const sum = kept[i]! + carry;
      kept[i] = sum % 10;
      carry = sum >= 10 ? 1 : 0;
    }
    if (carry > 0) kept.push(carry);
    cents = kept;
  } else {
    const shifted: number[] = [];
    for (let i = 0; i < -cut; i++) shifted.push(0);
    for (let i = 0; i < cents.length; i++) shifted.push(cents[i]!);
    cents = shifted;
  }

  let text = '';
  for (let i = cents.length - 1; i >= 0; i--) text += String(cents[i]);
  while (text.length < places + 1) text = '0' + text;
  const value = Number(text.slice(0, text.length - places) + '.' + text.slice(text.length - places));
  // No negative zero: -0.001 rounds to 0.
  return product.negative && value !== 0 ? -value : value;
}
