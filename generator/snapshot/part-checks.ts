// What the worker composes long ranges from (router/pieces.ts) must say what the
// answers say: each part is its block's records byte for byte (half a decade:
// its years' records), every block with records has its part, and each scope's
// month counts (and byte lengths) are its month files'. A part or a count out of step would
// make a range the worker answers differ from the same range on another server.
import { LIST_SEPARATOR, listBody } from '../router/envelope.ts';
import { blockStarts, halvesOf, hasPart, parsePath, paths, type Block, type PartBlock, type Scope, type SnapshotFile } from '../router/layout.ts';
import { z } from 'zod';
import { MonthCounts } from '../model/schemas.ts';

type Shard = Extract<SnapshotFile, { kind: 'shard' }>;

/**
 * What these checks need of a rate file: its record count and the byte length of
 * its records (listBody); for a month file of all subcategories, also each
 * subcategory's count and newest record (as JSON) and its newest date (verify.ts).
 * verify --changed takes them of a file it does not read from the last whole
 * verify's record, which is read back from disk: hence a schema.
 */
export const ShardFacts = z.object({
  count: z.number(),
  bytes: z.number(),
  subcategories: z.record(z.string(), z.tuple([z.number(), z.string()])).optional(),
  newest: z.string().optional(),
});
export type ShardFacts = z.infer<typeof ShardFacts>;

/** The records of half a decade: its years' records joined. */
function halfRecords(texts: Map<string, string>, scope: Scope, half: PartBlock): string {
  const bodies: string[] = [];
  const child = 'year';
  for (const start of blockStarts(child, half.start, half.end)) {
    const text = texts.get(paths.shard(scope, child, start));
    const body = text === undefined ? null : listBody(text);
    if (body !== null && body.count > 0) bodies.push(body.joined);
  }
  return bodies.join(LIST_SEPARATOR);
}

/** Whether half a decade has records, from its years' facts. */
function halfHasRecords(facts: Map<string, ShardFacts>, scope: Scope, half: PartBlock): boolean {
  return blockStarts('year', half.start, half.end).some((start) => (facts.get(paths.shard(scope, 'year', start))?.count ?? 0) > 0);
}

function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/**
 * `texts`: the files read (every part read comes with its block's files);
 * `present`: every file of the tree; `facts`: what each rate file there holds.
 * A part not read was, with its block's files, as the last whole verify read them.
 */
export function checkParts(texts: Map<string, string>, present: Map<string, unknown>, facts: Map<string, ShardFacts>): string[] {
  const problems: string[] = [];
  const months = new Map<string, Shard[]>();
  for (const file of present.keys()) {
    const parsed = parsePath(file);
    const text = texts.get(file);
    if (parsed?.kind === 'part' && text !== undefined) {
      const want =
        parsed.level === 'halfDecade' ? halfRecords(texts, parsed.scope, parsed) : listBody(texts.get(paths.block(parsed.scope, parsed as Block)) ?? '').joined;
      if (text !== want) problems.push(`${file}: not the records of its block as the block's file holds them`);
    }
    if (parsed?.kind !== 'shard') continue;
    if (parsed.level === 'month') {
      const own = months.get(String(parsed.scope)) ?? [];
      own.push(parsed);
      months.set(String(parsed.scope), own);
      continue;
    }
    const own = hasPart(parsed.level) ? [{ level: parsed.level, start: parsed.start, end: parsed.end } as PartBlock] : [];
    for (const block of [...own, ...halvesOf(parsed)]) {
      const has = block.level === 'halfDecade' ? halfHasRecords(facts, parsed.scope, block) : (facts.get(file)?.count ?? 0) > 0;
      if (has && !present.has(paths.part(parsed.scope, block))) problems.push(`${paths.part(parsed.scope, block)}: missing (${file} has records)`);
    }
  }
  for (const [scope, shards] of months) {
    const file = paths.counts(scope === 'all' ? 'all' : Number(scope));
    const text = texts.get(file);
    const parsed = text === undefined ? null : MonthCounts.safeParse(jsonOrNull(text));
    if (!parsed?.success) {
      problems.push(`${file}: missing or not the month counts of its scope`);
      continue;
    }
    shards.sort((a, b) => (a.start < b.start ? -1 : 1));
    const bodies = shards.map((shard) => facts.get(paths.shard(shard.scope, 'month', shard.start))!);
    const want = bodies.map((body) => body.count);
    if (parsed.data.first !== shards[0]!.start.slice(0, 7) || JSON.stringify(parsed.data.counts) !== JSON.stringify(want))
      problems.push(`${file}: not the counts of the scope's month files (from ${shards[0]!.start.slice(0, 7)}: ${want.join(',')})`);
    // The worker checks the length of each part it pipes against these: a wrong one would refuse good parts.
    const bytes = bodies.map((body) => body.bytes);
    if (JSON.stringify(parsed.data.bytes) !== JSON.stringify(bytes))
      problems.push(`${file}: not the byte lengths of the scope's month files' records (from ${shards[0]!.start.slice(0, 7)}: ${bytes.join(',')})`);
  }
  return problems;
}
