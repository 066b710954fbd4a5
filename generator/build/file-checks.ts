// What each file of a snapshot must hold: the zod schema of its envelope, plus
// the order and placement rules of rate shards. The build checks every file it
// is about to publish with this, and `verify` checks a published tree with it.
import { z } from 'zod';
import { paths, type Level, type Scope } from '../core/layout.ts';
import { itemEnvelope, listEnvelope, Meta, NisabRule, Rate, Subcategory } from '../core/schemas.ts';

const coverage = z.object({ first: z.string(), last: z.string() }).strict().nullable();
export const RoutingIndexSchema = z
  .object({
    asOf: z.string(),
    validUntil: z.iso.datetime(),
    defaultSubcategoryID: z.number().int().positive(),
    all: coverage,
    subcategories: z.record(z.string().regex(/^[1-9][0-9]*$/), coverage),
    etags: z.record(z.string(), z.string().regex(/^"[0-9a-f]{40}"$/)),
  })
  .strict();

const rateList = listEnvelope(Rate);
const nisabList = listEnvelope(NisabRule);
const SHARD = /^v1\/rates\/(all|[1-9][0-9]*)(?:\/([0-9]{3}0s|[0-9]{4})(?:\/([0-9]{2}))?)?\.json$/;
const LATEST = /^v1\/rates\/latest\/[1-9][0-9]*\.json$/;
const NISAB_ONE = /^v1\/nisab\/[1-9][0-9]*\.json$/;

function shardOf(path: string): { scope: Scope; level: Level } | null {
  const m = SHARD.exec(path);
  if (!m) return null;
  const scope: Scope = m[1] === 'all' ? 'all' : Number(m[1]);
  const level: Level = m[3] ? 'month' : !m[2] ? 'all' : m[2].endsWith('0s') ? 'decade' : 'year';
  return { scope, level };
}

function issues(error: z.ZodError): string[] {
  return error.issues.slice(0, 5).map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
}

/** Problems of one file of a snapshot (empty when it is right); `path` relative to the root. */
export function checkFile(path: string, text: string): string[] {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    return [`${path}: not valid JSON (${(e as Error).message})`];
  }
  const check = (schema: z.ZodType): string[] => {
    const result = schema.safeParse(value);
    return result.success ? [] : issues(result.error).map((m) => `${path}: ${m}`);
  };
  if (path === paths.meta) return check(itemEnvelope(Meta));
  if (path === paths.routing) return check(RoutingIndexSchema);
  if (path === paths.subcategories) return check(listEnvelope(Subcategory));
  if (path === paths.nisabAll || NISAB_ONE.test(path)) return check(nisabList);
  if (LATEST.test(path)) return check(itemEnvelope(Rate));
  const shard = shardOf(path);
  if (!shard) return [`${path}: not a file a snapshot holds`];
  const problems = check(rateList);
  if (problems.length > 0) return problems;
  const records = (value as { data: Rate[] }).data;
  for (let i = 0; i < records.length; i++) {
    const r = records[i]!;
    if (shard.scope !== 'all' && r.drtSubcategoryID !== shard.scope) return [`${path}: data.${i}: subcategory ${r.drtSubcategoryID} in the shard of subcategory ${shard.scope}`];
    if (paths.shard(shard.scope, shard.level, r.drtDate) !== path) return [`${path}: data.${i}: ${r.drtDate} lies outside this shard's ${shard.level}`];
    const p = records[i - 1];
    if (p && (p.drtDate > r.drtDate || (p.drtDate === r.drtDate && p.drtSubcategoryID >= r.drtSubcategoryID))) {
      return [`${path}: data.${i}: out of order (must be by drtDate, then drtSubcategoryID, without repeats)`];
    }
  }
  return [];
}
