// The developers' page's script (assets/developers-LANG.js, once per language
// like the payers' page's): the API's examples, each with its live answer when
// it is opened, and the widget's code with this site's own origin.
import { el } from './element.ts';
import { createClient } from '../../../client/src/client.ts';
import { BASES } from '../../router/bases.ts';
import { page as t } from '../i18n/current.ts';

interface Config {
  lang: string;
  /** Requests to show with their live answers (path and query under /api/v1), from the endpoint table. */
  examples: { path: string; title: string }[];
}

const config = JSON.parse(document.getElementById('config')!.textContent!) as Config;
// On a plain static host (no /api/v1) the client answers from the snapshot's files under /v1/.
const api = createClient({ fallbackBaseUrls: [`${location.origin}${BASES[1]}`], staticRoot: location.origin });
const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

// ---- Examples ------------------------------------------------------------------

/** A URL that wraps only between its parts on a narrow screen, never inside a date. */
function wrappingUrl(url: string): DocumentFragment {
  const fragment = document.createDocumentFragment();
  url.split(/(?=[?&])/).forEach((part, i) => {
    if (i > 0) fragment.append(el('wbr'));
    fragment.append(el('span', { class: 'nobr' }, part));
  });
  return fragment;
}

/** Renders the examples; each one's live answer is asked for when it is opened, never before (the page's weight is the figures'). */
function showExamples() {
  const box = $('examples');
  for (const example of config.examples) {
    const url = `${location.origin}/api/v1${example.path}`;
    const curl = el('pre', {}, el('code', {}, 'curl ', "'", wrappingUrl(url), "'"));
    const js = el('pre', {}, el('code', {}, 'const answer = await (await fetch(', "'", wrappingUrl(url), "'", ')).json();'));
    const details = el('details', {}, el('summary', {}, t.liveAnswer));
    const answer = el('pre', { class: 'answer', tabindex: '0', 'aria-label': t.liveAnswerOf(example.path) }, t.answering);
    const copy = (source: HTMLElement, label: string) => {
      const button = el('button', { type: 'button' }, label);
      button.addEventListener('click', () => {
        void navigator.clipboard?.writeText(source.textContent ?? '').then(() => (button.textContent = t.copied));
      });
      return button;
    };
    box.append(
      el(
        'article',
        { class: 'example' },
        el('h3', {}, el('code', {}, 'GET ', wrappingUrl(example.path)), el('br'), example.title),
        curl,
        copy(curl, t.copyCurl),
        js,
        copy(js, t.copyFetch),
        details,
      ),
    );
    const show = (head: string, text: string) => {
      const lines = text.split('\n');
      answer.dataset.answered = 'true';
      answer.textContent = `${head}\n${lines.length > 8 ? [...lines.slice(0, 6), t.moreLines(String(lines.length - 8)), ...lines.slice(-2)].join('\n') : text}`;
    };
    details.append(answer);
    let asked = false;
    details.addEventListener('toggle', () => {
      if (!details.open || asked) return;
      asked = true;
      (async () => {
        // A static host has no /api/v1 to ask: the answer the page computed from the files instead.
        if (api.answersFromFiles()) return show(t.answeredFromFiles, JSON.stringify(await api.answer(example.path), null, 1));
        const response = await fetch(url);
        show(`HTTP ${response.status}`, await response.text());
      })().catch((error: Error) => {
        answer.dataset.answered = 'failed';
        answer.textContent = t.couldNotAsk(error.message);
      });
    });
  }
}

// ---- Embed code ----------------------------------------------------------------

/** The widget's code with this site's own origin (the build cannot know the host). */
function showEmbedCode() {
  const code = $('embed-code');
  code.textContent = (code.textContent ?? '').replace('https://HOST', location.origin);
  // The calculator's code and the policy a site needs name this origin too.
  for (const id of ['embed-calculator-code', 'embed-csp', 'embed-csp-meta'])
    $(id).textContent = ($(id).textContent ?? '').replaceAll('https://HOST', location.origin);
  const button = $('embed-copy');
  button.addEventListener('click', () => {
    void navigator.clipboard?.writeText(code.textContent ?? '').then(() => (button.textContent = t.copied));
  });
}

showEmbedCode();
showExamples();
// One small question first, so that on a plain static host (no /api/v1) the examples answer from the files at once.
api
  .subcategories()
  .catch(() => null)
  .then(() => {
    document.body.dataset.ready = 'true';
  });
