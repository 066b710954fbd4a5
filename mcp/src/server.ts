// The MCP server's tools: four questions an assistant is asked about zakat,
// each answered from the static API through the typed client, never from
// anywhere else. Answers are the API's own records as JSON text, so an
// assistant quotes the figures, their dates and sources as published.
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import { NisabApiError, type NisabClient, type NisabRule, type Published, zakatDue } from '../../client/src/index.ts';
import { SCHOOLS } from '../../generator/model/schemas.ts';

const currency = z
  .string()
  .regex(/^[A-Z]{3}$/)
  .optional()
  .describe('an ISO 4217 code of /currencies, e.g. GBP; the Naira and US dollar figures are always there');
const school = z.enum(SCHOOLS).optional().describe('only the rules this school applies');
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
/** The input's pattern has made a currency code upper-case, as the client's types ask. */
const upper = (code: string) => code as Uppercase<string>;

function answer(value: unknown): CallToolResult {
  return { content: [{ type: 'text', text: JSON.stringify(value, null, 2) }] };
}

/** The API's message (it names the parameter and what is expected) as the tool's error; anything else is a bug and propagates. */
async function answered(work: () => Promise<unknown>): Promise<CallToolResult> {
  try {
    return answer(await work());
  } catch (error) {
    if (error instanceof NisabApiError) return { isError: true, content: [{ type: 'text', text: `${error.status} ${error.message}` }] };
    if (error instanceof Error && error.name === 'ZakatInputError') return { isError: true, content: [{ type: 'text', text: error.message }] };
    throw error;
  }
}

const forSchool = (rules: NisabRule[], wanted: (typeof SCHOOLS)[number] | undefined) => (wanted ? rules.filter((r) => r.nsbSchools.includes(wanted)) : rules);

export function nisabServer(api: NisabClient, version: string): McpServer {
  const server = new McpServer({ name: 'nisab-rates', version });

  server.registerTool(
    'nisab_today',
    {
      description:
        "Today's Zakat Nisab rules (gold, silver, cash, trade goods, livestock, crops, NMCN's dowry, theft threshold and diyyah), each valued in Naira and US dollars at the newest published rate, with the rate's date and age (nsbRateAgeDays), its schools and its source.",
      inputSchema: { currency, school },
    },
    ({ currency, school }) => answered(async () => forSchool(await api.nisab(currency ? { currency: upper(currency) } : {}), school)),
  );

  server.registerTool(
    'nisab_on',
    {
      description:
        'The Nisab rules as of a day: a Gregorian date, or a Hijri date read in Umm al-Qura (default) or as Nigeria declared the month (calendar: nigeria). Each is valued at the newest rate on or before that day.',
      inputSchema: {
        date: isoDate.optional().describe('a Gregorian date, YYYY-MM-DD'),
        hijri_date: isoDate.optional().describe('a Hijri date, YYYY-MM-DD, e.g. 1447-09-01 for 1 Ramadan 1447'),
        calendar: z.enum(['umm-al-qura', 'nigeria']).optional().describe('how hijri_date is read'),
        currency,
        school,
      },
    },
    ({ date, hijri_date, calendar, currency, school }) =>
      answered(async () => {
        const query = {
          ...(date ? { date } : {}),
          ...(hijri_date ? { hijri_date } : {}),
          ...(calendar ? { calendar } : {}),
          ...(currency ? { currency: upper(currency) } : {}),
        };
        return forSchool(await api.nisab(query), school);
      }),
  );

  server.registerTool(
    'rates',
    {
      description:
        'Gold or silver rates in an inclusive date range: US dollars and Naira per gram (drtUnit), the naira rate used, its source and whether it is provisional.',
      inputSchema: {
        start_date: isoDate.optional(),
        end_date: isoDate.optional(),
        subcategory: z.string().optional().describe('an ID or a slug of /subcategories: gold (default) or silver'),
        currency,
      },
    },
    ({ start_date, end_date, subcategory, currency }) =>
      answered(async () =>
        api.rates({
          ...(start_date ? { start_date } : {}),
          ...(end_date ? { end_date } : {}),
          ...(subcategory ? { subcategory } : {}),
          ...(currency ? { currency: upper(currency) } : {}),
        }),
      ),
  );

  server.registerTool(
    'zakat_due',
    {
      description:
        "The zakat due today on what the payer holds, as his school holds it (zakatDue of the typed client): one line per holding with what is held, the Nisab, what is due and why, each with the rule or position applied and its source. Amounts are in Naira. holdings takes the calculator's inputs (docs/API.md §11): cash, tradeGoods, goldGrams, silverGrams, wornGoldGrams, wornSilverGrams, savingsGoldGrams, savingsSilverGrams, debts, debtCover, receivables [{ amount, kind: 'loan' | 'trade', collected, yearsOut, withinReach? }], newMoney, cropsKg, watering, persons.",
      inputSchema: {
        holdings: z.record(z.string(), z.unknown()).describe('what the payer holds on his hawl day'),
        herds: z.record(z.string(), z.number()).optional().describe("head of livestock by subcategory slug, e.g. { camels: 25, 'sheep-goats': 130 }"),
        standard: z.enum(['gold', 'silver', 'lower']).describe("the payer's standard for money; a school with its own (Hanafi) overrides it"),
        school,
      },
    },
    ({ holdings, herds, standard, school }) =>
      answered(async () => {
        const [rules, subcategories, gold, silver] = await Promise.all([
          api.nisab(),
          api.subcategories(),
          api.latest({ subcategory: 'gold' }),
          api.latest({ subcategory: 'silver' }),
        ]);
        const published: Published = {
          rules,
          subcategories,
          rates: new Map([
            [gold.drtSubcategoryID, gold],
            [silver.drtSubcategoryID, silver],
          ]),
        };
        return zakatDue(published, holdings, standard, school ?? null, herds ?? {});
      }),
  );

  return server;
}
