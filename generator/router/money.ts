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
/** 10^0 to 10^15, each exact in binary. */
const POWERS = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15];

/**
 * The rounded figure's digits, at `places` decimals, in whole numbers where every factor's digits and their product
 * stay below 2^53, where binary arithmetic on integers is exact (most calls: a Naira amount, a percent, 0.01); null
 * otherwise, for the digit-by-digit way. A payer's 50 debts out 1,000 years each make 150,000 calls: 2.8 s the slow way.
 */
function safeUnits(factors: (number | string)[], places: number): { units: number; negative: boolean } | null {
  let product = 1;
  let scale = 0;
  let negative = false;
  for (let i = 0; i < factors.length; i++) {
    const factor = factors[i]!;
    if (typeof factor === 'number') {
      // A number's decimal found in arithmetic, not in its text (String and a RegExp were most of a call's cost):
      // the fewest decimals k whose c / 10^k reads back as it. Of 15 digits or fewer, that decimal is the one its
      // shortest text writes (two such decimals never read back as one double), so the product is the same.
      const value = factor < 0 ? -factor : factor;
      if (!(value < 1e15)) return null;
      let k = 0;
      let c = Math.round(value);
      while (c / POWERS[k]! !== value) {
        k++;
        if (k > 15) return null;
        c = Math.round(value * POWERS[k]!);
      }
      if (c >= 1e15) return null;
      product = product * c;
      if (!(product <= SAFE)) return null;
      scale += k;
      if (factor < 0) negative = !negative;
      continue;
    }
    const match = DECIMAL_FORM.exec(factor);
    if (match === null || match[4] !== undefined) return null;
    const fraction = match[3] === undefined ? '' : match[3];
    const digits = match[2] + fraction;
    if (digits.length > 15) return null;
    product = product * Number(digits);
    if (!(product <= SAFE)) return null;
    scale += fraction.length;
    if (match[1] === '-') negative = !negative;
  }
  let units: number;
  if (scale <= places) {
    units = product * Math.pow(10, places - scale);
    if (!(units <= SAFE)) return null;
  } else {
    if (scale - places > 15) return null;
    const divisor = Math.pow(10, scale - places);
    units = Math.floor(product / divisor);
    let rest = product - units * divisor;
    // The binary quotient can land one off: the remainder, exact in integers, sets it right.
    if (rest < 0) {
      units -= 1;
      rest += divisor;
    } else if (rest >= divisor) {
      units += 1;
      rest -= divisor;
    }
    if (rest * 2 >= divisor) units += 1;
  }
  return { units: units, negative: negative };
}

/**
 * The exact decimal product of `factors`, rounded to 2 decimals half away from
 * zero: `money([0.6875, 399.92])` is 274.95. One factor rounds that figure.
 * Throws on a factor that is not a finite decimal (a bug: the data is checked first).
 */
export function money(factors: (number | string)[]): number {
  if (factors.length === 0) throw new Error('money: no factors');
  // Units below 2^53 divided by 100 are the double nearest the decimal (IEEE division rounds the exact quotient),
  // which is what reading its text gives: no text made and read again. No negative zero (-0.001 rounds to 0).
  const quick = safeUnits(factors, 2);
  if (quick !== null) return quick.units === 0 ? 0 : (quick.negative ? -quick.units : quick.units) / 100;
  return Number(roundedText(factors, 2));
}

/**
 * The exact decimal product of `factors`, rounded to `places` decimals half away
 * from zero (money() is this to 2; a price per troy ounce is to 6, docs/API.md §2e).
 */
export function roundedProduct(factors: (number | string)[], places: number): number {
  return Number(roundedText(factors, places));
}

/**
 * money() as the JSON text the build writes for it (V8's shortest form, which
 * for a figure of 15 significant digits or fewer is its decimal without trailing
 * zeros: 274.9, 275), written from the digits themselves: what an edge composes
 * at request time never passes through its engine's number-to-text (njs 0.7.9
 * does not write the shortest form, router/number-text.ts).
 */
export function moneyText(factors: (number | string)[]): string {
  const quick = safeUnits(factors, 2);
  // Under 10^15 units the figure has 15 significant digits or fewer: its decimal is its shortest form.
  if (quick !== null && quick.units < 1e15) return decimalText(String(quick.units), 2, quick.negative);
  const exact = roundedText(factors, 2);
  // Past 15 significant digits the number is not the decimal: the number's own shortest form (as JSON.stringify of money()).
  return exact.replace(/^-?0*|\./g, '').length > 15 ? numberText(Number(exact)) : exact;
}

/** The rounded product as its exact decimal text, without trailing zeros: -274.9, 0, 2000000000000000000000. */
function roundedText(factors: (number | string)[], places: number): string {
  if (factors.length === 0) throw new Error('money: no factors');
  const quick = safeUnits(factors, places);
  // An integer below 2^53 is written exactly by every engine.
  if (quick !== null) return decimalText(String(quick.units), places, quick.negative);
  let product = parseDecimal(factors[0]!);
  for (let i = 1; i < factors.length; i++) product = multiply(product, parseDecimal(factors[i]!));

  // Units of 10^-places: the digits above it; the first digit cut away decides the rounding.
  let units = product.digits;
  const cut = product.scale - places;
  if (cut > 0) {
    const kept: number[] = [];
    for (let i = cut; i < units.length; i++) kept.push(units[i]!);
    let carry = cut - 1 < units.length && units[cut - 1]! >= 5 ? 1 : 0;
    for (let i = 0; i < kept.length && carry > 0; i++) {
      const sum = kept[i]! + carry;
      kept[i] = sum % 10;
      carry = sum >= 10 ? 1 : 0;
    }
    if (carry > 0) kept.push(carry);
    units = kept;
  } else {
    const shifted: number[] = [];
    for (let i = 0; i < -cut; i++) shifted.push(0);
    for (let i = 0; i < units.length; i++) shifted.push(units[i]!);
    units = shifted;
  }
  let text = '';
  for (let i = units.length - 1; i >= 0; i--) text += String.fromCharCode(48 + units[i]!);
  return decimalText(text, places, product.negative);
}

/** Digits of units of 10^-places as a decimal without leading or trailing zeros; no negative zero (-0.001 rounds to 0). */
function decimalText(digits: string, places: number, negative: boolean): string {
  let text = digits;
  while (text.length > places + 1 && text.charAt(0) === '0') text = text.slice(1);
  while (text.length < places + 1) text = '0' + text;
  const whole = text.slice(0, text.length - places);
  let fraction = text.slice(text.length - places);
  while (fraction.length > 0 && fraction.charAt(fraction.length - 1) === '0') fraction = fraction.slice(0, -1);
  const zero = whole === '0' && fraction === '';
  return (negative && !zero ? '-' : '') + whole + (fraction === '' ? '' : '.' + fraction);
}
