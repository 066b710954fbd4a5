// The switch-over check (CONTRACT §12, docs/going-live.md "Switching
// dailynisab.org over"): an answer saved from dailynisab.org's
// /index.php/api/v1/rates/latest (or fetched, where the machine can reach it) set
// beside ours for its drtDate, from a built snapshot. It says which unit its
// drtInUSD is in (per gram within a factor of 2 of our per-gram price of that
// day, per troy ounce within a factor of 2 of 31.1034768 times it, otherwise
// unknown) and every field that differs, so an operator knows whether its
// clients read grams or ounces before the addresses point here.
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { isRealDate } from '../model/dates.ts';
import { paths } from '../router/layout.ts';
import { GRAMS_PER_TROY_OUNCE } from '../router/per-unit.ts';
import { respond } from '../router/respond.ts';
import { UserError } from '../errors.ts';

export type LegacyUnit = 'gram' | 'troy-ounce' | 'unknown';

export interface LegacyCheck {
  date: string;
  unit: LegacyUnit;
  /** Their drtInUSD over our per-gram drtInUSD of that day. */
  ratio: number;
  /** One line per field that differs: theirs, then ours. */
  differences: string[];
}

const FETCH_TIMEOUT_MS = 20_000;

async function answerText(source: string): Promise<string> {
  if (/^https?:\/\//.test(source)) {
    let response: Response;
    try {
      response = await fetch(source, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS), headers: { accept: 'application/json' } });
    } catch (error) {
      throw new UserError(
        `${source}: could not fetch it (${(error as Error).message}); save the answer to a file where the machine can reach it and give the file`,
      );
    }
    if (!response.ok) throw new UserError(`${source}: answered ${response.status}, not an answer to check`);
    return response.text();
  }
  try {
    return await readFile(source, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new UserError(`${source}: ${code === 'ENOENT' ? 'no such file' : `cannot be read (${code ?? (error as Error).message})`}`);
  }
}

/** Their record, checked to be what dailynisab.org's /rates/latest answers: an envelope whose data has drtInUSD and drtDate. */
function theirRecord(source: string, text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new UserError(`${source}: is not JSON; save the body of /index.php/api/v1/rates/latest as it is`);
  }
  const data = (body as { data?: unknown } | null)?.data;
  if (typeof body !== 'object' || body === null || typeof data !== 'object' || data === null || Array.isArray(data))
    throw new UserError(`${source}: has no "data" object; save the body of /index.php/api/v1/rates/latest, {"success":true,"data":{...}}`);
  const record = data as Record<string, unknown>;
  if (typeof record.drtInUSD !== 'number' || !(record.drtInUSD > 0)) throw new UserError(`${source}: data.drtInUSD is not a positive number`);
  if (typeof record.drtDate !== 'string' || !isRealDate(record.drtDate)) throw new UserError(`${source}: data.drtDate is not a date in YYYY-MM-DD form`);
  return record;
}

const within2 = (ratio: number) => ratio >= 0.5 && ratio <= 2;

/** Checks the answer in `source` (a file, or an http(s) address) against the snapshot in `out`. */
export async function legacyCheck(source: string, out: string): Promise<LegacyCheck> {
  const theirs = theirRecord(source, await answerText(source));
  const date = theirs.drtDate as string;
  let indexText: string;
  try {
    indexText = await readFile(path.join(out, paths.routing), 'utf8');
  } catch {
    throw new UserError(`${out}: holds no snapshot (no ${paths.routing}); build one first: npm run cli -- build --out ${out}`);
  }
  const subcategory = typeof theirs.drtSubcategoryID === 'number' ? `&subcategory=${theirs.drtSubcategoryID}` : '';
  const response = await respond(
    { method: 'GET', url: `/api/v1/rates/latest?date=${date}${subcategory}`, ifNoneMatch: null },
    {
      read: (file) => (file === paths.routing ? Promise.resolve(indexText) : readFile(path.join(out, file), 'utf8')),
      sha1Hex: async (text) => createHash('sha1').update(text).digest('hex'),
      now: () => Date.now(),
    },
  );
  const body = response === null ? '' : response.parts === null ? response.body : response.parts.join('');
  const answered = JSON.parse(body) as { success: boolean; data?: Record<string, unknown>; message?: string };
  if (!answered.success || answered.data === undefined) throw new UserError(`${out}: has no rate for ${date}: ${answered.message ?? 'no answer'}`);
  const ours = answered.data;
  const ratio = (theirs.drtInUSD as number) / (ours.drtInUSD as number);
  const unit: LegacyUnit = within2(ratio) ? 'gram' : within2(ratio / Number(GRAMS_PER_TROY_OUNCE)) ? 'troy-ounce' : 'unknown';
  const differences: string[] = [];
  for (const field of Object.keys(theirs)) {
    if (!(field in ours)) differences.push(`${field}: theirs ${JSON.stringify(theirs[field])}, not in ours`);
    else if (JSON.stringify(theirs[field]) !== JSON.stringify(ours[field]))
      differences.push(`${field}: theirs ${JSON.stringify(theirs[field])}, ours ${JSON.stringify(ours[field])}`);
  }
  for (const field of Object.keys(ours)) if (!(field in theirs)) differences.push(`${field}: not in theirs, ours ${JSON.stringify(ours[field])}`);
  return { date, unit, ratio, differences };
}

/** What the command prints. */
export function describeLegacyCheck(source: string, check: LegacyCheck): string[] {
  const unit =
    check.unit === 'gram'
      ? 'per gram (as ours: its clients need no change)'
      : check.unit === 'troy-ounce'
        ? 'per troy ounce (its clients that read it so must ask unit=troy-ounce: ours is per gram)'
        : 'unknown (neither within a factor of 2 of our per-gram price nor of 31.1034768 times it)';
  return [
    `${source}: drtInUSD of ${check.date} is ${check.ratio.toFixed(4)} times ours per gram: ${unit}`,
    check.differences.length === 0 ? 'no field differs' : `${check.differences.length} fields differ from ours that day:`,
    ...check.differences.map((line) => `  ${line}`),
  ];
}
