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
import { numberText } from './number-text.ts';

const DECIMAL_FORM = /^(-?)([0-9]+)(?:\.([0-9]+))?(?:[eE]([-+]?[0-9]+))?$/;

/** A decimal as little-endian base-10 digits and a scale: value = digits × 10^-scale. */
interface Decimal {
  negative: boolean;
  digits: number[];
  scale: number;
}

function parseDecimal(factor: number | string): Decimal {
  // A number as the text it is published as: numberText, not String (njs writes 1.71914285 as 1.7191428499999999, another decimal).
  const text = typeof factor === 'number' ? numberText(factor) : factor;
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

const SAFE = 9007199254740991;

/**
 * The same figure in whole numbers where every factor's digits and their product stay below 2^53, where
 * binary arithmetic on integers is exact (most calls: a Naira amount, a percent, 0.01); null otherwise, for
 * the digit-by-digit way. A payer's 50 debts out 1,000 years each make 150,000 calls: 2.8 s the slow way.
 */
function safeMoney(factors: (number | string)[]): number | null {
  let product = 1;
  let scale = 0;
  let negative = false;
  for (let i = 0; i < factors.length; i++) {
    const factor = factors[i]!;
    const match = DECIMAL_FORM.exec(typeof factor === 'number' ? String(factor) : factor);
    if (match === null || match[4] !== undefined || (typeof factor === 'number' && !Number.isFinite(factor))) return null;
    const fraction = match[3] === undefined ? '' : match[3];
    const digits = match[2] + fraction;
    if (digits.length > 15) return null;
    product = product * Number(digits);
    if (!(product <= SAFE)) return null;
    scale += fraction.length;
    if (match[1] === '-') negative = !negative;
  }
  let cents: number;
  if (scale <= 2) {
    cents = product * Math.pow(10, 2 - scale);
    if (!(cents <= SAFE)) return null;
  } else {
    if (scale - 2 > 15) return null;
    const divisor = Math.pow(10, scale - 2);
    cents = Math.floor(product / divisor);
    let rest = product - cents * divisor;
    // The binary quotient can land one off: the remainder, exact in integers, sets it right.
    if (rest < 0) {
      cents -= 1;
      rest += divisor;
    } else if (rest >= divisor) {
      cents += 1;
      rest -= divisor;
    }
    if (rest * 2 >= divisor) cents += 1;
  }
  const value = cents / 100;
  return negative && value !== 0 ? -value : value;
}

/**
 * The exact decimal product of `factors`, rounded to 2 decimals half away from
 * zero: `money([0.6875, 399.92])` is 274.95. One factor rounds that figure.
 * Throws on a factor that is not a finite decimal (a bug: the data is checked first).
 */
export function money(factors: (number | string)[]): number {
  return Number(exactMoney(factors));
}

/**
 * money() as the JSON text the build writes for it (V8's shortest form, which
 * for a figure of 15 significant digits or fewer is its decimal without trailing
 * zeros: 274.9, 275), written from the digits themselves: what an edge composes
 * at request time never passes through its engine's number-to-text (njs 0.7.9
 * does not write the shortest form, core/number-text.ts).
 */
export function moneyText(factors: (number | string)[]): string {
  const exact = exactMoney(factors);
  // Past 15 significant digits the number is not the decimal: the number's own shortest form (as JSON.stringify of money()).
  return exact.replace(/^-?0*|\./g, '').length > 15 ? numberText(Number(exact)) : exact;
}

/** The rounded product as its exact decimal text, without trailing zeros: -274.9, 0, 2000000000000000000000. */
function exactMoney(factors: (number | string)[]): string {
  if (factors.length === 0) throw new Error('money: no factors');
  const quick = safeMoney(factors);
  if (quick !== null) return quick;
  let product = parseDecimal(factors[0]!);
  for (let i = 1; i < factors.length; i++) product = multiply(product, parseDecimal(factors[i]!));

  // Cents: the digits above 10^-2; the first digit cut away decides the rounding.
  let cents = product.digits;
  const cut = product.scale - 2;
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
  for (let i = cents.length - 1; i >= 0; i--) text += String.fromCharCode(48 + cents[i]!);
  while (text.length > 3 && text.charAt(0) === '0') text = text.slice(1);
  while (text.length < 3) text = '0' + text;
  const whole = text.slice(0, text.length - 2);
  let fraction = text.slice(text.length - 2);
  while (fraction.length > 0 && fraction.charAt(fraction.length - 1) === '0') fraction = fraction.slice(0, -1);
  // No negative zero: -0.001 rounds to 0.
  const zero = whole === '0' && fraction === '';
  return (product.negative && !zero ? '-' : '') + whole + (fraction === '' ? '' : '.' + fraction);
}
