// The Central Bank of Nigeria's official naira rate: the daily statistics of the
// Nigerian Foreign Exchange Market (NFEM), GET {base}/api/GetAllNFEM_Rates, one
// JSON array of every working day since 2024-12-02:
//   [{"ratedate": "September-22-2026", "weightedAvgRate": "1327.7784", ...}, ...]
// weightedAvgRate is the official rate. The CBN publishes on working days only,
// so a weekend or holiday takes the last working day's figure, marked as carried
// and dated (never interpolated), at most MAX_CARRY_DAYS back.
import { z } from 'zod';
import { addDays, isRealDate } from '../model/dates.ts';
import type { HttpPolicy } from './http.ts';
import { CBN_NFEM_CARRIED_ID, CBN_NFEM_ID } from './ids.ts';
import { attemptLine, describeIssues, firstUsable, SourceError, type DailySource, type DayAnswer } from './source.ts';

export const NFEM_PATH = '/api/GetAllNFEM_Rates';
/** Long enough for the longest run of closed days (Christmas to the new year), short enough not to pass off a stale rate. */
export const MAX_CARRY_DAYS = 7;

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const RATE_DATE = /^([A-Za-z]+)-([0-9]{1,2})-([0-9]{4})$/;
const DECIMAL = /^[0-9]+(\.[0-9]+)?$/;

/** `September-22-2026` -> `2026-09-22`, or undefined when it is not such a date. */
export function parseRateDate(text: string): string | undefined {
  const match = RATE_DATE.exec(text.trim());
  if (!match) return undefined;
  const month = MONTHS.findIndex((m) => m.toLowerCase() === match[1]!.toLowerCase());
  if (month < 0) return undefined;
  const date = `${match[3]}-${String(month + 1).padStart(2, '0')}-${match[2]!.padStart(2, '0')}`;
  return isRealDate(date) ? date : undefined;
}

// Numbers come as strings; an empty one means no figure that day.
const NfemRow = z.looseObject({
  ratedate: z.string().refine((text) => parseRateDate(text) !== undefined, { message: 'must be a date such as September-22-2026' }),
  weightedAvgRate: z
    .union([z.string().trim(), z.number(), z.null()])
    .optional()
    .refine((v) => v === undefined || v === null || v === '' || (typeof v === 'number' ? v > 0 && Number.isFinite(v) : DECIMAL.test(v) && Number(v) > 0), {
      message: 'must be a positive decimal number',
    }),
});
const NfemBody = z.array(NfemRow).min(1, { message: 'is an empty list' });

export interface NairaFigure {
  /** Naira per US dollar. */
  rate: number;
  /** The CBN date the figure is of: the day asked for, or an earlier one when carried. */
  date: string;
  /** The id of its entry of GET /sources: cbn-nfem, cbn-nfem-carried; a price source's own id for its market rate. */
  source: string;
}

/** date -> weightedAvgRate, from a validated body; a date given twice with different figures is left out (warned). */
export function nfemSeries(json: unknown, url: string, warn: (line: string) => void): Map<string, number> | { problem: string } {
  const parsed = NfemBody.safeParse(json);
  if (!parsed.success) return { problem: describeIssues(parsed.error) };
  const series = new Map<string, number>();
  const conflicting = new Set<string>();
  for (const row of parsed.data) {
    const value = row.weightedAvgRate;
    if (value === undefined || value === null || value === '') continue;
    const date = parseRateDate(row.ratedate)!;
    const rate = Number(value);
    const seen = series.get(date);
    if (seen !== undefined && seen !== rate) conflicting.add(date);
    series.set(date, rate);
  }
  for (const date of conflicting) {
    series.delete(date);
    warn(`${url}: ${date} is given twice with different weightedAvgRate figures; that day is treated as not published`);
  }
  return series;
}

export function cbnNfem(bases: readonly string[], policy: HttpPolicy, warn: (line: string) => void = () => {}): DailySource<NairaFigure> {
  let loading: Promise<{ series: Map<string, number>; url: string }> | undefined;
  const load = async () => {
    const answer = await firstUsable(
      bases.map((base) => `${base}${NFEM_PATH}`),
      policy,
      (json, url) => {
        const series = nfemSeries(json, url, warn);
        return series instanceof Map ? { value: series } : series;
      },
    );
    if ('value' in answer) return { series: answer.value, url: answer.url };
    throw new SourceError(
      'the CBN gave no usable NFEM rates; tried:',
      answer.attempts.map((a) => attemptLine(a.url, a.problem)),
    );
  };
  return {
    id: CBN_NFEM_ID,
    async day(date: string): Promise<DayAnswer<NairaFigure>> {
      loading ??= load();
      const { series, url } = await loading;
      for (let back = 0; back <= MAX_CARRY_DAYS; back++) {
        const day = addDays(date, -back);
        const rate = series.get(day);
        if (rate !== undefined) return { published: true, url, value: { rate, date: day, source: back === 0 ? CBN_NFEM_ID : CBN_NFEM_CARRIED_ID } };
      }
      return { published: false, why: `${url}: no NFEM rate on ${date} or in the ${MAX_CARRY_DAYS} days before` };
    },
  };
}
