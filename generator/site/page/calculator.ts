// The zakat calculator of the page, its own module (assets/calculator-LANG.js),
// asked once today's figures are shown, so the first render does not carry the
// engine and the words of its answer: the form's inputs to the client's zakatDue
// (client/src/zakat/), its structured answer worded in the page's language.
import { inputProblems, zakatDue, type Holdings, type InputProblem, type School, type Standard } from '../../../client/src/zakat.ts';
import type { Formats } from '../i18n/format.ts';
import type { PageStrings } from '../i18n/catalogue.ts';
import { result as resultWords } from '../i18n/current.ts';
import { el } from './element.ts';
import type { Amounts } from './main.ts';
import { wordResult } from './result-words.ts';

/** What the page lends the calculator: its words, its figures' formats and where the answer goes. */
export interface Shown {
  t: PageStrings;
  format: Formats;
  out: HTMLElement;
}

export function calculate(form: HTMLFormElement, { published, money: naira, code }: Amounts, { t, format, out }: Shown) {
  const data = new FormData(form);
  // An empty input is 0; anything else is passed on as typed, so one out of its bound is named below, never computed.
  const num = (name: string) => {
    const text = String(data.get(name) ?? '').trim();
    return text === '' ? 0 : Number(text);
  };
  const receivable = num('receivable');
  const holdings: Holdings = {
    cash: num('cash'),
    tradeGoods: num('tradeGoods'),
    goldGrams: num('goldGrams'),
    silverGrams: num('silverGrams'),
    wornGoldGrams: num('wornGoldGrams'),
    wornSilverGrams: num('wornSilverGrams'),
    savingsGoldGrams: num('savingsGoldGrams'),
    savingsSilverGrams: num('savingsSilverGrams'),
    trader: data.get('trader') === 'muhtakir' ? 'muhtakir' : 'mudir',
    tradeGoodsSold: data.get('tradeGoodsSold') === 'yes',
    debts: num('debts'),
    debtCover: num('debtCover'),
    receivables:
      receivable > 0
        ? [
            {
              amount: receivable,
              kind: data.get('receivableKind') === 'trade' ? 'trade' : 'loan',
              collected: data.get('receivableCollected') === 'yes',
              yearsOut: num('receivableYears') || 1,
            },
          ]
        : [],
    newMoney: num('newMoney'),
    cropsKg: num('cropsKg'),
    watering: data.get('watering') as Holdings['watering'],
    persons: num('persons'),
  };
  const livestock = { camels: num('camels'), cattle: num('cattle'), 'sheep-goats': num('sheep-goats') };
  const problems = inputProblems(holdings, livestock);
  if (problems.length > 0) {
    out.replaceChildren(
      ...problems.map((problem) => el('p', { class: 'warning', role: 'alert', 'data-testid': 'input-problem' }, outOfRange(form, problem, format))),
    );
    return;
  }
  const result = zakatDue(published, holdings, data.get('standard') as Standard, data.get('school') as School, livestock);
  if (result.lines.length === 0) {
    out.replaceChildren(el('p', {}, t.enterHoldings));
    return;
  }
  const worded = wordResult(result, resultWords, { money: naira.format, number: format.number });
  const rows = result.lines.map((line, i) => {
    const words = worded.lines[i]!;
    return el(
      'tr',
      { 'data-line': line.kind },
      el('th', { scope: 'row' }, words.what),
      el('td', { 'data-label': t.colHeld }, words.held),
      el('td', { 'data-label': t.colNisab }, words.nisab),
      el('td', { 'data-label': t.colDue, 'data-testid': 'due', 'data-money': String(line.dueMoney) }, words.due),
      el(
        'td',
        { 'data-label': t.colRule, class: 'small' },
        words.rule,
        ...(words.rule ? [el('br')] : []),
        el('span', { 'data-testid': 'why' }, words.why.join(' ')),
        ...(line.sourceURL ? [' ', el('a', { href: line.sourceURL, rel: 'noopener' }, `(${t.source})`)] : []),
      ),
    );
  });
  out.replaceChildren(
    el(
      'div',
      { class: 'scroll', tabindex: '0', role: 'region', 'aria-label': t.resultLabel },
      el(
        'table',
        {},
        el('thead', {}, el('tr', {}, ...[t.colWhat, t.colHeld, t.colNisab, t.colDue, t.colRule].map((h) => el('th', { scope: 'col' }, h)))),
        el('tbody', {}, ...rows),
      ),
    ),
    el('p', { class: 'big', 'data-testid': 'zakat-total', 'data-money': String(result.totalMoney), 'data-currency': code }, worded.total),
    ...(worded.inKind.length
      ? [el('p', { 'data-testid': 'in-kind' }, resultWords.inKind), el('ul', {}, ...worded.inKind.map((text) => el('li', {}, text)))]
      : []),
  );
}

/** The form's input a problem names (herds.camels is the input camels, receivables[0].amount is receivable). */
const INPUT_OF: Record<string, string> = { 'receivables[0].amount': 'receivable', 'receivables[0].yearsOut': 'receivableYears' };

/** "Cash and savings (₦) must be a number from 0 to 1,000,000,000,000,000", in the page's language, with the input's own label. */
function outOfRange(form: HTMLFormElement, problem: InputProblem, format: Formats): string {
  const name = INPUT_OF[problem.field] ?? problem.field.replace(/^herds\./, '');
  const label = form.querySelector(`input[name="${name}"]`)?.closest('label')?.firstChild?.textContent?.trim() ?? name;
  return resultWords.inputs.outOfRange(label, format.number(problem.max, 0));
}
