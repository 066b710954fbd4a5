// The markup of the page's two calendar sections (issue 21), written at build
// time in the page's language: NMCN's monthly notice (#notice, filled by
// page/notice.ts from the first render's /nisab answer, and the one section the
// print style sheet prints) and the hawl lookup (#hawl, page/hawl.ts).
import type { CalendarStrings, HawlStrings, PageStrings } from '../i18n/catalogue.ts';
import { escapeHtml } from './escape-html.ts';
import type { Figures } from './figures.ts';
import { noticeAge, noticeDated, noticeSource, noticeTable } from './notice.ts';
import type { PageWords } from './words.ts';

/** The notice with the build's figures in it (page/notice.ts writes the same on the API's answer); printed with its age as of the as-of date until the script dates it by the day printed. */
export function noticeSection(t: PageStrings, figures: Figures, words: PageWords): string {
  const n = t.notice;
  const dated = noticeDated(figures, words);
  const data = Object.entries(dated?.data ?? {})
    .map(([name, value]) => ` data-${name}="${escapeHtml(value)}"`)
    .join('');
  return `<section id="notice" aria-labelledby="notice-title">
  <h2 id="notice-title">${escapeHtml(n.title)}</h2>
  <p id="notice-date" class="dated"${data}>${escapeHtml(dated?.text ?? '')}</p>
  <p id="notice-age" class="print-only">${noticeAge(figures, figures.asOf, false, words)}</p>
  <p>${escapeHtml(n.intro)}</p>
  <div class="scroll"><table id="notice-table" class="notice">${noticeTable(figures, words)}</table></div>
  <p class="small">${escapeHtml(n.notNmcn)} <span id="notice-source">${noticeSource(figures)}</span></p>
  <details id="notice-announced" class="no-print" hidden><summary>${escapeHtml(n.announcedTitle)}</summary><div class="scroll"><table id="notice-announced-table" class="notice"></table></div></details>
  <p id="notice-printed" class="small print-only"></p>
  <button type="button" id="notice-print" class="no-print" hidden>${escapeHtml(n.print)}</button>
</section>`;
}

/** `asOfHijri` (the snapshot's Umm al-Qura as-of date) gives the year the form starts with. */
/** The hawl lookup; `after` is markup at its end (the calendar feed's subscription, page/reach.ts). */
export function hawlSection(h: HawlStrings, calendar: CalendarStrings, asOfHijri: string, after = ''): string {
  const months = calendar.hijriMonths.map((name, i) => `<option value="${i + 1}">${escapeHtml(name)}</option>`).join('');
  return `<section id="hawl" aria-labelledby="hawl-title">
  <h2 id="hawl-title">${escapeHtml(h.title)}</h2>
  <p>${escapeHtml(h.intro)}</p>
  <div class="hawl-forms">
  <form id="hawl-hijri" class="controls" novalidate>
    <fieldset>
      <legend>${escapeHtml(h.hijriLegend)}</legend>
      <label>${escapeHtml(h.day)} <input name="day" type="number" min="1" max="30" step="1" inputmode="numeric" size="3"></label>
      <label>${escapeHtml(h.month)} <select name="month">${months}</select></label>
      <label>${escapeHtml(h.year)} <input name="year" type="number" min="1300" max="1600" step="1" inputmode="numeric" size="5" value="${Number(asOfHijri.slice(0, 4))}"></label>
      <button type="submit">${escapeHtml(h.findGregorian)}</button>
    </fieldset>
  </form>
  <form id="hawl-gregorian" class="controls" novalidate>
    <fieldset>
      <legend>${escapeHtml(h.gregorianLegend)}</legend>
      <label>${escapeHtml(h.date)} <input name="date" type="date"></label>
      <button type="submit">${escapeHtml(h.findHijri)}</button>
    </fieldset>
  </form>
  </div>
  <div id="hawl-result" aria-live="polite"></div>
${after}
</section>`;
}
