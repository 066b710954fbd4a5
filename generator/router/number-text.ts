// A number as JSON text, the same in every engine the router runs in: what V8's
// JSON.stringify writes (the shortest decimal that reads back as the number),
// which is what the build writes into every file.
//
// Why not JSON.stringify or String: njs 0.7.9 (nginx) does not write the
// shortest form. It writes 1.71914285 as 1.7191428499999999 and 0.9874 as
// 0.9874000000000001 (about 1 in 2,000 decimals of 3 to 12 significant digits,
// measured), though it reads the text back to the very same double. So the
// engine's text is kept only when it has at most 15 significant digits: two
// different decimals of 15 digits or fewer never read back as one double
// (IEEE 754's 15-digit guarantee), so such a text that reads back as the number
// is the shortest one and V8's. Otherwise the number is written from a scaled
// integer, with the fewest decimals that read back as it, each candidate
// checked by reading it back (njs reads a decimal of 15 digits or fewer to the
// right double; a longer one it may read to a neighbour: test/edge/money.test.ts).
// Every figure in data/ has at most 15 significant digits; a number that needs
// 16 or 17 keeps the engine's text (V8's own where the build runs).
//
// Router core: keep to what nginx's njs 0.7.9 runs (see router.ts).

/** Significant digits of a plain decimal text (no exponent), leading zeros not counted. */
function significantDigits(text: string): number {
  let count = 0;
  let leading = true;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c < 48 || c > 57) continue;
    if (leading && c === 48) continue;
    leading = false;
    count++;
  }
  return count;
}

/** A non-negative integer below 2^53 as decimal digits, computed digit by digit (exact in any engine). */
function integerDigits(value: number): string {
  if (value === 0) return '0';
  let text = '';
  let rest = value;
  while (rest > 0) {
    const digit = rest % 10;
    text = String.fromCharCode(48 + digit) + text;
    rest = (rest - digit) / 10;
  }
  return text;
}

/** `digits` × 10^-decimals as plain decimal text, without trailing zeros. */
function scaledText(digits: number, decimals: number): string {
  let text = integerDigits(digits);
  if (decimals === 0) return text;
  while (text.length <= decimals) text = '0' + text;
  let fraction = text.slice(text.length - decimals);
  while (fraction.length > 0 && fraction.charAt(fraction.length - 1) === '0') fraction = fraction.slice(0, -1);
  const whole = text.slice(0, text.length - decimals);
  return fraction === '' ? whole : whole + '.' + fraction;
}

/** The number as V8's JSON.stringify writes it ('null' for NaN and the infinities, '0' for -0). */
export function numberText(value: number): string {
  if (!Number.isFinite(value)) return 'null';
  if (value === 0) return '0';
  const own = String(value);
  // The common case, cheaply (the build writes every figure through here): at most 15 characters hold at most 15 digits.
  if (own.length <= 15 && Number(own) === value) return own;
  const sign = value < 0 ? '-' : '';
  const size = value < 0 ? -value : value;
  if (size < 9007199254740992 && Math.floor(size) === size) return sign + integerDigits(size);
  // An exponent (below 1e-6 or from 1e21): the engine's form, as V8's JSON.stringify.
  if (own.indexOf('e') !== -1) return own;
  if (significantDigits(own) <= 15 && Number(own) === value) return own;
  // 10^decimals, exact as a double up to 10^22.
  let power = 1;
  for (let decimals = 1; decimals <= 20; decimals++) {
    power *= 10;
    const scaled = size * power;
    if (scaled >= 1e15) break;
    const near = Math.round(scaled);
    for (let step = 0; step < 3; step++) {
      const digits = step === 0 ? near : step === 1 ? near - 1 : near + 1;
      if (digits < 0) continue;
      const text = scaledText(digits, decimals);
      if (Number(text) === size) return sign + text;
    }
  }
  return own;
}
