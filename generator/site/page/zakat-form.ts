// The calculator's form and answer, shared by the page's calculator
// (page/calculator.ts) and the embedded one (widget/calculator.ts): one reading
// of the form's named inputs into the client's Holdings, one table of the
// worded answer. The two differ only in where their words and figures come from.
import {
  inputProblems,
  zakatDue,
  type Holdings,
  type InputProblem,
  type NumberField,
  type PerHerdField,
  type Published,
  type School,
  type Standard,
  type ZakatLine,
} from '../../../client/src/zakat.ts';
import type { ResultStrings } from '../i18n/catalogue.ts';
import { el } from './element.ts';
import { wordResult, type Figures, type WordedLine } from './result-words.ts';
import type { NumberName } from './zakat-fields.ts';
import type { AnswerLabels } from '../widget/calculator-labels.ts';

/** The herds the form takes, by subcategory slug (the years part asks the same: years.ts). */
export const HERD_SLUGS = ['camels', 'cattle', 'sheep-goats'] as const;
/**
 * The form's prefix of each input given per herd (partner-camels, value-cattle, ...; zakat-fields.ts lists them):
 * a new one fails tsc until it has its prefix here and its names there. Here, not there, so the page's
 * calculator module does not carry the form's table.
 */
const PER_HERD_PREFIX = { partnerHead: 'partner', herdValue: 'value' } as const satisfies { [K in PerHerdField]: string };

/** The form's one receivable, when an amount is given; its kind, collection, reach and years with it. */
function receivablesRead(data: FormData, num: (name: NumberName) => number): Holdings['receivables'] {
  const receivable = num('receivable');
  return receivable > 0
    ? [
        {
          amount: receivable,
          kind: data.get('receivableKind') === 'trade' ? 'trade' : 'loan',
          collected: data.get('receivableCollected') === 'yes',
          withinReach: data.get('receivableOutOfReach') !== 'yes',
          yearsOut: num('receivableYears') || 1,
        },
      ]
    : [];
}

/** The form's inputs (zakat-fields.ts names them) as zakatDue takes them. */
export function readZakatForm(form: HTMLFormElement): { holdings: Holdings; herds: Record<string, number>; standard: Standard; school: School } {
  const data = new FormData(form);
  // An empty input is 0; anything else is passed on as typed, so one out of its bound is named, never computed.
  const num = (name: NumberName) => {
    const text = String(data.get(name) ?? '').trim();
    return text === '' ? 0 : Number(text);
  };
  // Empty is absent (the client's default: half), not 0 (all of it watered at a cost).
  const optional = (name: NumberName) => (String(data.get(name) ?? '').trim() === '' ? undefined : num(name));
  const perHerd = (field: PerHerdField) =>
    Object.fromEntries(HERD_SLUGS.map((slug): [string, number] => [slug, num(`${PER_HERD_PREFIX[field]}-${slug}`)]).filter(([, value]) => value !== 0));
  // Every numeric input of Holdings, read: one without its read here fails tsc (NumberField is derived from Holdings).
  const numbers: { [K in NumberField]: number | undefined } = {
    cash: num('cash'),
    tradeGoods: num('tradeGoods'),
    goldGrams: num('goldGrams'),
    silverGrams: num('silverGrams'),
    wornGoldGrams: num('wornGoldGrams'),
    wornSilverGrams: num('wornSilverGrams'),
    savingsGoldGrams: num('savingsGoldGrams'),
    savingsSilverGrams: num('savingsSilverGrams'),
    debts: num('debts'),
    debtCover: num('debtCover'),
    newMoney: num('newMoney'),
    cropsKg: num('cropsKg'),
    wateringShare: optional('wateringShare'),
    persons: num('persons'),
  };
  const perHerdInputs: { [K in PerHerdField]: Record<string, number> } = { partnerHead: perHerd('partnerHead'), herdValue: perHerd('herdValue') };
  const holdings: Holdings = {
    ...numbers,
    ...perHerdInputs,
    trader: data.get('trader') === 'muhtakir' ? 'muhtakir' : 'mudir',
    tradeGoodsSold: data.get('tradeGoodsSold') === 'yes',
    receivables: receivablesRead(data, num),
    watering: data.get('watering') as Holdings['watering'],
  };
  const herds = Object.fromEntries(HERD_SLUGS.map((slug): [string, number] => [slug, num(slug)]));
  return { holdings, herds, standard: data.get('standard') as Standard, school: data.get('school') as School };
}

/**
 * zakatDue of the form's inputs, written into `out`: a table of its lines, the
 * total (data-money and data-currency hold it as a number and a code) and what
 * is due in kind. `figures` formats amounts in the currency `code`.
 */
export function showZakat(
  out: HTMLElement,
  form: HTMLFormElement,
  published: Published,
  code: string,
  figures: Figures,
  words: ResultStrings,
  t: AnswerLabels,
) {
  const input = readZakatForm(form);
  const problems = inputProblems(input.holdings, input.herds);
  if (problems.length > 0) {
    out.replaceChildren(
      ...problems.map((problem) => el('p', { class: 'warning', role: 'alert', 'data-testid': 'input-problem' }, outOfRange(form, problem, figures, words))),
    );
    return;
  }
  const result = zakatDue(published, input.holdings, input.standard, input.school, input.herds);
  if (result.lines.length === 0) {
    out.replaceChildren(el('p', {}, t.enterHoldings));
    return;
  }
  const worded = wordResult(result, words, figures);
  const rows = result.lines.map((line, i) => zakatRow(line, worded.lines[i]!, t));
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
    ...(worded.inKindHeading ? [el('p', { 'data-testid': 'in-kind' }, worded.inKindHeading)] : []),
    ...(worded.inKind.length ? [el('ul', { 'data-testid': 'in-kind-list' }, ...worded.inKind.map((text) => el('li', {}, text)))] : []),
  );
}

/** A line of the answer: what it is, held, its Nisab, its due, and its rule and reasons with their source. */
function zakatRow(line: ZakatLine, said: WordedLine, t: AnswerLabels): HTMLElement {
  return el(
    'tr',
    { 'data-line': line.kind },
    el('th', { scope: 'row' }, said.what),
    // Zakat al-fitr is given for persons, not owned: "People you give it for: 7", never "What you own: 7 people".
    el('td', { 'data-label': line.kind === 'fitr' ? t.persons : t.colHeld }, said.held),
    el('td', { 'data-label': t.colNisab }, said.nisab),
    el('td', { 'data-label': t.colDue, 'data-testid': 'due', 'data-money': String(line.dueMoney) }, said.due),
    el(
      'td',
      { 'data-label': t.colRule, class: 'small' },
      said.rule,
      ...(said.rule ? [el('br')] : []),
      el('span', { 'data-testid': 'why' }, said.why.join(' ')),
      ...(line.sourceURL ? [' ', el('a', { href: line.sourceURL, rel: 'noopener' }, `(${t.source})`)] : []),
    ),
  );
}

/** The form's input a problem names (herds.camels is the input camels, partnerHead.camels partner-camels, receivables[0].amount is receivable). */
const INPUT_OF: Record<string, string> = { receivables: 'receivable', 'receivables[0].amount': 'receivable', 'receivables[0].yearsOut': 'receivableYears' };
const inputOf = (field: string) =>
  INPUT_OF[field] ?? field.replace(/^herds\./, '').replace(/^(partnerHead|herdValue)\./, (_, key: PerHerdField) => `${PER_HERD_PREFIX[key]}-`);

/** "Gold held (grams): enter a number from 0 to 1,000,000,000.", in the form's language, with the input's own label. */
function outOfRange(form: HTMLFormElement, problem: InputProblem, figures: Figures, words: ResultStrings): string {
  const name = inputOf(problem.field);
  const label = form.querySelector(`input[name="${name}"]`)?.closest('label')?.firstChild?.textContent?.trim() ?? name;
  return (problem.kind === 'count' ? words.inputs.tooMany : words.inputs.outOfRange)(label, figures.number(problem.max, 0));
}
