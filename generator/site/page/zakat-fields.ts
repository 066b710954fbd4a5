// The calculator's form as one table: its groups, folds and fields, in order.
// The page writes it as HTML at build time (html.ts) and the embedded
// calculator builds it as elements (widget/calculator.ts); zakat-form.ts reads
// the same names back. A new input is one entry here (and its label in the
// catalogues): both forms show it, and reading a name the table lacks fails tsc.
import type { ResultStrings } from '../i18n/catalogue.ts';
import type { CalculatorLabels } from '../widget/calculator-labels.ts';

type Inputs = ResultStrings['inputs'];
/** The answer's `inputs` that are plain words (the rest are messages with figures). */
type InputWord = { [K in keyof Inputs]: Inputs[K] extends string ? K : never }[keyof Inputs];

/** A label: a key of the page's catalogue (one the embedded calculator carries) or a word of the answer's `inputs`. */
export type FieldLabel = { page: keyof CalculatorLabels } | { input: InputWord };

export type ZakatField =
  /** An amount or a count; `whole` for counts (step 1, a numeric keypad). */
  | { kind: 'number'; name: NumberName; label: FieldLabel; whole?: true }
  | { kind: 'choice'; name: ChoiceName; label: FieldLabel; options: readonly (readonly [string, FieldLabel])[] }
  | { kind: 'check'; name: CheckName; label: FieldLabel }
  | { kind: 'note'; label: FieldLabel }
  /** The currency the amounts are in: the page's alone (the embedded one takes data-currency). */
  | { kind: 'currency' };

export interface ZakatGroup {
  legend: FieldLabel;
  fields: readonly ZakatField[];
}

/** Groups shown as they are, or folded under a summary (a `details` with that id on the page). */
export type ZakatPart = { group: ZakatGroup } | { fold: string; summary: FieldLabel; groups: readonly ZakatGroup[] };

export const NUMBER_NAMES = [
  'cash',
  'tradeGoods',
  'goldGrams',
  'silverGrams',
  'wornGoldGrams',
  'wornSilverGrams',
  'savingsGoldGrams',
  'savingsSilverGrams',
  'debts',
  'debtCover',
  'receivable',
  'receivableYears',
  'newMoney',
  'camels',
  'cattle',
  'sheep-goats',
  'partner-camels',
  'partner-cattle',
  'partner-sheep-goats',
  'value-camels',
  'value-cattle',
  'value-sheep-goats',
  'cropsKg',
  'wateringShare',
  'persons',
] as const;
export type NumberName = (typeof NUMBER_NAMES)[number];
export type ChoiceName = 'school' | 'standard' | 'trader' | 'receivableKind' | 'watering';
export type CheckName = 'tradeGoodsSold' | 'receivableCollected' | 'receivableOutOfReach';

const number = (name: NumberName, label: FieldLabel): ZakatField => ({ kind: 'number', name, label });
const count = (name: NumberName, label: FieldLabel): ZakatField => ({ kind: 'number', name, label, whole: true });
const p = (key: keyof CalculatorLabels): FieldLabel => ({ page: key });
const i = (key: InputWord): FieldLabel => ({ input: key });

/** The form, in the order both calculators show it. A choice's first option is chosen unless the caller says otherwise. */
export const ZAKAT_FORM: readonly ZakatPart[] = [
  {
    group: {
      legend: p('rules'),
      fields: [
        {
          kind: 'choice',
          name: 'school',
          label: p('school'),
          options: [
            ['maliki', p('maliki')],
            ['hanafi', p('hanafi')],
            ['shafii', p('shafii')],
            ['hanbali', p('hanbali')],
          ],
        },
        { kind: 'currency' },
        {
          kind: 'choice',
          name: 'standard',
          label: p('cashStandard'),
          options: [
            ['gold', p('goldStandard')],
            ['silver', p('silverStandard')],
            ['lower', p('lowerOfTwo')],
          ],
        },
        { kind: 'note', label: i('standardNote') },
      ],
    },
  },
  {
    group: {
      legend: p('moneyAndMetals'),
      fields: [
        number('cash', p('cash')),
        number('tradeGoods', p('tradeGoods')),
        number('goldGrams', p('goldHeld')),
        number('silverGrams', p('silverHeld')),
        number('wornGoldGrams', p('wornGold')),
        number('wornSilverGrams', p('wornSilver')),
        number('savingsGoldGrams', i('savingsGold')),
        number('savingsSilverGrams', i('savingsSilver')),
        {
          kind: 'choice',
          name: 'trader',
          label: p('trader'),
          options: [
            ['mudir', p('mudir')],
            ['muhtakir', p('muhtakir')],
          ],
        },
        { kind: 'check', name: 'tradeGoodsSold', label: p('sold') },
      ],
    },
  },
  {
    fold: 'calc-circumstances',
    summary: i('debtsTitle'),
    groups: [
      {
        legend: i('debtsTitle'),
        fields: [
          number('debts', i('debts')),
          number('debtCover', i('debtCover')),
          number('receivable', i('receivable')),
          {
            kind: 'choice',
            name: 'receivableKind',
            label: i('receivableKind'),
            options: [
              ['loan', i('loan')],
              ['trade', i('trade')],
            ],
          },
          { kind: 'check', name: 'receivableCollected', label: i('collected') },
          { kind: 'check', name: 'receivableOutOfReach', label: i('outOfReach') },
          count('receivableYears', i('yearsOut')),
          number('newMoney', i('newMoney')),
        ],
      },
    ],
  },
  {
    fold: 'calc-in-kind',
    summary: i('inKindTitle'),
    groups: [
      {
        legend: p('livestock'),
        fields: [
          count('camels', p('camels')),
          count('cattle', p('cattle')),
          count('sheep-goats', p('sheepGoats')),
          count('partner-camels', i('partnerCamels')),
          count('partner-cattle', i('partnerCattle')),
          count('partner-sheep-goats', i('partnerSheepGoats')),
          number('value-camels', i('valueCamels')),
          number('value-cattle', i('valueCattle')),
          number('value-sheep-goats', i('valueSheepGoats')),
        ],
      },
      {
        legend: p('crops'),
        fields: [
          number('cropsKg', p('harvest')),
          {
            kind: 'choice',
            name: 'watering',
            label: p('wateredBy'),
            options: [
              ['rain-fed', p('rainFed')],
              ['irrigated', p('irrigated')],
              ['mixed', p('mixed')],
            ],
          },
          number('wateringShare', i('wateringShare')),
        ],
      },
      { legend: p('fitrTitle'), fields: [count('persons', p('persons'))] },
    ],
  },
];

/** A label's words in a language. */
export const labelText = (label: FieldLabel, t: CalculatorLabels, r: Inputs): string => ('page' in label ? t[label.page] : r[label.input]);

/** The form's number fields of these names, in the form's order, with their labels and kinds: the years part asks the herds (zakat-form.ts HERD_SLUGS) as the calculator does. */
export function numberFields(names: readonly string[]): Extract<ZakatField, { kind: 'number' }>[] {
  const groups = ZAKAT_FORM.flatMap((part) => ('group' in part ? [part.group] : part.groups));
  return groups.flatMap((g) => g.fields).filter((f): f is Extract<ZakatField, { kind: 'number' }> => f.kind === 'number' && names.includes(f.name));
}

/** The values a choice of the form takes (the embedded calculator checks its host's data-school and data-standard against them). */
export function choiceValues(name: ChoiceName): string[] {
  const groups = ZAKAT_FORM.flatMap((part) => ('group' in part ? [part.group] : part.groups));
  const field = groups.flatMap((g) => g.fields).find((f) => f.kind === 'choice' && f.name === name);
  return field?.kind === 'choice' ? field.options.map(([value]) => value) : [];
}
