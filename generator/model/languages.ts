// The languages of the page, its text answers and their paths, and each one's facts: the one table
// that the site (site/i18n/catalogue.ts, where a new language starts) and the layout's text answers
// (layout.ts TEXT_FORMS) both read, kept in core since the core reads nothing above it.
//
// Router core: keep to what nginx's njs 0.7.9 runs.
export const LANGUAGES = ['en', 'ha', 'ar', 'yo'] as const;
export type Lang = (typeof LANGUAGES)[number];

/**
 * Each language by its own name (the switch shows them so), its direction, the path of its page, and whether its
 * text answer has an SMS (/v1/text/nisab.sms.LANG.txt): only a language whose letters GSM 03.38 can spell (after
 * text-answers.ts's spelling of its own: Hausa's hooked letters, Yorùbá's marks dropped); Arabic's cannot.
 */
export const LANGUAGE_INFO = {
  en: { name: 'English', dir: 'ltr', path: '/', sms: true },
  ha: { name: 'Hausa', dir: 'ltr', path: '/ha/', sms: true },
  ar: { name: 'العربية', dir: 'rtl', path: '/ar/', sms: false },
  yo: { name: 'Yorùbá', dir: 'ltr', path: '/yo/', sms: true },
} as const satisfies { [L in Lang]: { name: string; dir: 'ltr' | 'rtl'; path: string; sms: boolean } };

/** The languages with an SMS, in LANGUAGES' order. */
export type SmsLang = { [L in Lang]: (typeof LANGUAGE_INFO)[L]['sms'] extends true ? L : never }[Lang];
export const SMS_LANGUAGES: readonly SmsLang[] = LANGUAGES.filter((lang): lang is SmsLang => LANGUAGE_INFO[lang].sms);
