// The page's parts that reach payers where they already are (docs/API.md §10):
// the link that shares the text answer on WhatsApp (a wa.me link: no script of
// WhatsApp's, nothing loaded from it) and how to subscribe to Nigeria's months.
// Written by the build, so both work without JavaScript.
import { paths } from '../../router/layout.ts';
import type { Lang } from '../i18n/catalogue.ts';
import { PAGE_CATALOGUES } from '../i18n/catalogues.ts';
import { WIDGET_CATALOGUES } from '../i18n/widget-catalogues.ts';
import { whatsAppHref } from '../share.ts';
import { escapeHtml } from './escape-html.ts';

/** `text`: the text answer of the page's language (v1/text/nisab.LANG.txt), as the build wrote it. */
export function shareLink(lang: Lang, text: string): string {
  return `<p class="share"><a id="share-whatsapp" href="${escapeHtml(whatsAppHref(text))}" rel="noopener" target="_blank">${escapeHtml(WIDGET_CATALOGUES[lang].widget.share)}</a> · <a href="/${paths.textAnswer(lang)}">${paths.textAnswer(lang)}</a></p>`;
}

export function subscribeSection(lang: Lang): string {
  const r = PAGE_CATALOGUES[lang].reach;
  const link = `<a id="calendar-feed" href="/${paths.calendarIcs}" type="text/calendar">${paths.calendarIcs}</a>`;
  // Folded at the end of the hawl lookup (the months it converts with): the phone page stays short, the payer's sections first.
  return `<details id="subscribe">
  <summary id="subscribe-title">${escapeHtml(r.subscribeTitle)}</summary>
  <p>${r.subscribeHtml(link)}</p>
</details>`;
}
