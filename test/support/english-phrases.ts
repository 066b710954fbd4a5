// The English catalogue's phrases of two or more words (the page's and the
// calculator's answer's), for the check that a page in another language shows
// none of them: every string as it is, and every function's fixed text between
// its values (each called with a marker for every argument). A phrase the other
// language's own catalogue also holds (a name such as "Umm al-Qura") is not
// English left behind, so it is left out.
import type { Lang } from '../../generator/site/i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../../generator/site/i18n/catalogues.ts';
import { RESULT_CATALOGUES } from '../../generator/site/i18n/result-catalogues.ts';

const MARK = '\u0001';

function texts(value: unknown): string[] {
  if (typeof value === 'string') return value.split(MARK);
  if (typeof value === 'function') return texts((value as (...args: string[]) => unknown)(...Array.from({ length: value.length }, () => MARK)));
  if (Array.isArray(value)) return value.flatMap(texts);
  if (typeof value === 'object' && value !== null) return Object.values(value).flatMap(texts);
  return [];
}

/** A fragment's words: letters and apostrophes, markup and figures aside. */
const words = (text: string) => text.replace(/<[^>]*>/g, ' ').match(/\p{L}[\p{L}'’-]*/gu) ?? [];

const phrases = (lang: Lang) => {
  const { calendar, page, hawl, years } = PAGE_CATALOGUES[lang];
  return texts([calendar, page, hawl, years, RESULT_CATALOGUES[lang]])
    .map((fragment) => words(fragment).join(' '))
    .filter((phrase) => phrase.includes(' '));
};

/** The English phrases a page in `lang` must not show. */
export function englishPhrases(lang: Lang): string[] {
  const own = new Set(phrases(lang));
  const ownText = phrases(lang).join(' | ');
  return [...new Set(phrases('en'))].filter((phrase) => !own.has(phrase) && !ownText.includes(phrase));
}

/** The English phrases `text` shows, its words read as `englishPhrases` reads a catalogue's. */
export function englishShown(lang: Lang, text: string): string[] {
  const shown = ` ${words(text).join(' ')} `;
  return englishPhrases(lang).filter((phrase) => shown.includes(` ${phrase} `));
}
