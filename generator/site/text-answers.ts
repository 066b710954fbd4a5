// Today's Nisab as text to forward (docs/API.md §10): a message in each
// language of the page (/v1/text/nisab.{en,ha,ar}.txt, at most 480 characters)
// and an SMS in English and Hausa (/v1/text/nisab.sms.{en,ha}.txt, at most 160
// characters of the GSM 03.38 alphabet, so that it goes as one message and not
// as 70-character UCS-2 parts). Each names the day of the rate it quotes, and its
// age when the page would warn of it (CONTRACT §13): a forwarded text travels
// without the page's warning. Pure: the build gives the facts.
import type { TextForm } from '../router/layout.ts';
import { rateAgeDays } from '../router/nisab-value.ts';
import { byLanguage, LANGUAGES, type Lang, type ReachStrings, SMS_LANGUAGES, type SmsLang } from './i18n/catalogue.ts';
import { PAGE_CATALOGUES } from './i18n/catalogues.ts';
import { formats } from './i18n/format.ts';
import { OLD_RATE_AFTER_DAYS } from './page/rate-age.ts';

export const MESSAGE_LIMIT = 480;
export const SMS_LIMIT = 160;

const REACH: { [L in Lang]: ReachStrings } = byLanguage((lang) => PAGE_CATALOGUES[lang].reach);

/** A default Nisab of the as-of date: its quantity and its value in Naira at the rate of `rateDate`. */
export interface NisabFigure {
  grams: number;
  naira: number;
  rateDate: string;
}

export interface TextFacts {
  asOf: string;
  /** The as-of date in Nigeria's calendar, or null where its month's declaration is not in the data. */
  hijriNigeria: string | null;
  /** The as-of date by Umm al-Qura: said instead where Nigeria's is unknown. */
  hijriUmmAlQura: string;
  gold: NisabFigure;
  silver: NisabFigure | null;
  /** The page's address (the build's --site-url, a language's page under it), or null when the build was given none. */
  address: string | null;
}

/**
 * GSM 03.38's default alphabet, without the escape to its extension table
 * (whose characters cost two of the 160): what an SMS may hold and stay one
 * 160-character message.
 */
const GSM7 = new Set('@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà');

/** The characters of `text` outside GSM 03.38's default alphabet, each once. */
export function outsideGsm7(text: string): string[] {
  return [...new Set([...text].filter((char) => !GSM7.has(char)))];
}

/**
 * Hausa's hooked letters as Hausa writes them without them (docs/API.md §10):
 * ɓ b', ɗ d', ƙ k', ƴ 'y; and the naira sign as N, as Nigerian SMS write it.
 */
const TRANSLITERATION: { [char: string]: string } = { ɓ: "b'", ɗ: "d'", ƙ: "k'", ƴ: "'y", Ɓ: "B'", Ɗ: "D'", Ƙ: "K'", Ƴ: "'Y", '₦': 'N' };

export function toGsm7(text: string): string {
  return [...text].map((char) => TRANSLITERATION[char] ?? char).join('');
}

/**
 * Yorùbá without its marks (docs/API.md §10): each letter decomposed (NFD) and its combining marks dropped, the
 * dot below and the tones alike (ẹ e, ọ o, ṣ s, à a, ń n), as Yorùbá is typed on a phone's plain keyboard. Every
 * mark goes, even on letters GSM 03.38 has (à, é, ò): a word keeps one spelling, not half its tones.
 */
export function withoutMarks(text: string): string {
  return toGsm7(
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .normalize('NFC'),
  );
}

/** How each language with an SMS (catalogue.ts LANGUAGE_INFO `sms`) is spelt in GSM 03.38. */
const SMS_SPELLING: { [L in SmsLang]: (text: string) => string } = { en: toGsm7, ha: toGsm7, yo: withoutMarks };

/** Every text answer of the snapshot, by form. */
export function textAnswers(facts: TextFacts, siteAddress: (lang: Lang) => string | null): Map<TextForm, string> {
  const answers = new Map<TextForm, string>();
  for (const lang of LANGUAGES) answers.set(lang, message(lang, { ...facts, address: siteAddress(lang) }));
  for (const lang of SMS_LANGUAGES) answers.set(`sms.${lang}`, sms(lang, { ...facts, address: siteAddress(lang) }));
  return answers;
}

/** The as-of day in Nigeria's calendar, else Umm al-Qura's; with the calendar's name unless `named` is false (an SMS short of room). */
function hijriOf(lang: Lang, facts: TextFacts, named = true): string {
  const { calendar } = PAGE_CATALOGUES[lang];
  const format = formats(calendar);
  const r = REACH[lang];
  const [date, name] =
    facts.hijriNigeria !== null ? [format.hijri(facts.hijriNigeria), calendar.nigeria] : [format.hijri(facts.hijriUmmAlQura), calendar.ummAlQura];
  return named ? r.hijriIn(date, name) : date;
}

/** The gold rate's age on the as-of day (nsbRateAgeDays), or null when the page would not warn of it. */
function staleDays(facts: TextFacts): number | null {
  const days = rateAgeDays(facts.gold.rateDate, facts.asOf) ?? 0;
  return days > OLD_RATE_AFTER_DAYS ? days : null;
}

/** A day as an SMS writes it short: "29/9", with the year where it is not the as-of day's ("30/12/2025"). */
export function shortDate(date: string, asOf: string): string {
  const [year, month, day] = date.split('-');
  return `${Number(day)}/${Number(month)}${year === asOf.slice(0, 4) ? '' : `/${year}`}`;
}

/** The message of a language: the date in both calendars, the gold and silver Nisab in Naira, the page's address. */
export function message(lang: Lang, facts: TextFacts): string {
  const format = formats(PAGE_CATALOGUES[lang].calendar);
  const r = REACH[lang];
  const silver = facts.silver;
  const parts = [
    silver === null
      ? r.smsGoldOnly(format.date(facts.asOf), hijriOf(lang, facts), format.money(facts.gold.naira, 'NGN'), '')
      : r.message(
          format.date(facts.asOf),
          hijriOf(lang, facts),
          format.number(facts.gold.grams, 0),
          format.money(facts.gold.naira, 'NGN'),
          format.number(silver.grams, 0),
          format.money(silver.naira, 'NGN'),
        ),
  ];
  // The rate's day always (CONTRACT §13), with a warning of its age where the page would give one.
  const stale = staleDays(facts);
  parts.push(stale === null ? r.rateOf(format.date(facts.gold.rateDate)) : r.rateOld(format.date(facts.gold.rateDate), stale, format.number(stale, 0)));
  if (facts.address !== null) parts.push(r.more(facts.address));
  return parts.join(' ') + '\n';
}

/**
 * The SMS of a language: the first that fits in 160 GSM characters of the whole one and then the one without, in
 * turn, the Hijri calendar's name, the silver Nisab and the address. The rate's day (and its age when stale) is in
 * every one: it is never what is dropped.
 */
export function sms(lang: SmsLang, facts: TextFacts): string {
  const format = formats(PAGE_CATALOGUES[lang].calendar);
  const r = REACH[lang];
  const date = format.date(facts.asOf);
  const gold = format.money(facts.gold.naira, 'NGN');
  const stale = staleDays(facts);
  const rate = r.smsRate(shortDate(facts.gold.rateDate, facts.asOf), stale, stale === null ? '' : format.number(stale, 0));
  const more = facts.address === null ? '' : ' ' + facts.address;
  const withSilver = (hijri: string) => (facts.silver === null ? [] : [r.sms(date, hijri, gold, format.money(facts.silver.naira, 'NGN'), rate)]);
  const candidates = [
    ...withSilver(hijriOf(lang, facts)).map((text) => text + more),
    ...withSilver(hijriOf(lang, facts, false)).map((text) => text + more),
    r.smsGoldOnly(date, hijriOf(lang, facts, false), gold, rate) + more,
    r.smsGoldOnly(date, hijriOf(lang, facts, false), gold, rate),
  ].map(SMS_SPELLING[lang]);
  // The last is the shortest: the build's check refuses it if even that is too long.
  return (candidates.find((text) => text.length <= SMS_LIMIT) ?? candidates.at(-1)!) + '\n';
}

/** Problems of a text answer as published (empty when it is right): its length, and for an SMS its alphabet. */
export function textAnswerProblems(form: TextForm, text: string): string[] {
  const problems: string[] = [];
  const body = text.endsWith('\n') ? text.slice(0, -1) : text;
  const limit = form.startsWith('sms.') ? SMS_LIMIT : MESSAGE_LIMIT;
  const length = [...body].length;
  if (length > limit) problems.push(`${length} characters, more than ${limit}`);
  if (form.startsWith('sms.')) {
    const outside = outsideGsm7(body);
    if (outside.length > 0) problems.push(`characters outside the GSM 03.38 alphabet: ${outside.join(' ')}`);
  }
  if (body.includes('\n')) problems.push('more than one line');
  return problems;
}
