// The years-not-paid part of the embedded calculator (issue 45), as
// assets/embed-years-LANG.js: one classic script per language (assets.ts builds
// it with that language's words, as the page's years-LANG.js), added to the
// page by calculator.js when a payer first opens the part, so /calculator.js
// does not carry it. It is the page's part (page/years.ts), run in the
// calculator's shadow root with the calculator's client; it hands calculator.js
// the function that starts it by an event on its own <script> element
// (years-module.ts). The statement prints on our page, in its own window.
import { calendar, page, years } from '../i18n/current.ts';
import { formats } from '../i18n/format.ts';
import { el } from '../page/element.ts';
import { startYears } from '../page/years.ts';
import { adoptStyle } from './shadow-style.ts';
import STYLE from './years.css';
import { type EmbeddedYears, YEARS_READY } from './years-module.ts';

const words = { t: page, calendar, format: formats(calendar) };

const start: EmbeddedYears = ({ api, origin, root, page: at, result }) => {
  adoptStyle(root, STYLE);
  root.getElementById('years-body')!.before(el('p', { class: 'small' }, years.intro));
  startYears({ api, origin, root, page: at, print: { page: at }, words, result });
};

document.currentScript?.dispatchEvent(new CustomEvent<EmbeddedYears>(YEARS_READY, { detail: start }));
