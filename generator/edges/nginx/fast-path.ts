// The fast path: which requests the router answers with one whole file of a
// tree, so that nginx can answer them itself (from memory or the file) with the
// router's headers; and the Cache-Control table nginx uses without njs.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { BASES, ENDPOINTS } from '../../router/endpoints.ts';
import { assemble, etagOf, route } from '../../router/router.ts';
import type { RoutingIndex } from '../../model/schemas.ts';

/** The requests worth trying: every whole-file query of every endpoint, on both bases, with and without the trailing slash. */
function candidates(index: RoutingIndex): string[] {
  const urls: string[] = [];
  for (const endpoint of ENDPOINTS) {
    for (const query of endpoint.wholeFileQueries(index)) {
      const search = query === '' ? '' : `?${query}`;
      for (const base of BASES) urls.push(base + endpoint.path + search, base + endpoint.path + '/' + search);
    }
  }
  return urls;
}

/** Request URI -> file, for each candidate the router answers with one whole file, and that answer's ETag. */
export function fastAnswers(
  tree: string,
  index: RoutingIndex,
): { answers: Map<string, string>; bodies: Map<string, string>; etags: { [file: string]: string } } {
  const bodies = new Map<string, string>();
  const etags: { [file: string]: string } = {};
  const missing = new Set<string>();
  const answers = new Map<string, string>();
  for (const url of candidates(index)) {
    // Lower-case only: nginx's map finds its keys without case (see nginxConf).
    if (url !== url.toLowerCase()) continue;
    const plan = route({ method: 'GET', url, ifNoneMatch: null }, index);
    if (plan?.status !== 200 || plan.reads.length !== 1) continue;
    const file = plan.reads[0]!.path;
    if (!bodies.has(file) && !missing.has(file)) {
      try {
        bodies.set(file, readFileSync(path.join(tree, file), 'utf8'));
      } catch {
        missing.add(file);
      }
    }
    const body = bodies.get(file);
    if (body === undefined) continue;
    const answer = assemble(plan, [body], index);
    if (answer.parts.length !== 1 || answer.parts[0] !== body) continue;
    // A rate list's ETag is derived from a short key (router.ts listEtagKey), as the router does.
    etags[file] = answer.etag ?? etagOf(createHash('sha1').update(answer.etagKey).digest('hex'));
    answers.set(url, file);
  }
  // One pass over the answers (a test counts: linear in the files, not their square).
  const answered = new Set(answers.values());
  for (const file of [...bodies.keys()]) if (!answered.has(file)) bodies.delete(file);
  return { answers, bodies, etags };
}

/**
 * Cache-Control of the fast path and the cache, without njs: a table from the
 * current 10^k-second block of $msec to the seconds left until validUntil from
 * the block's end, so max-age never passes the next build (it falls short of the
 * router's by less than one block, 10 s while the build is a day or less away).
 */
export function cacheControlTable(validUntil: string, nowMs: number): { digits: number; rows: [string, string][] } {
  const until = Date.parse(validUntil) / 1000;
  const now = nowMs / 1000 - 3600;
  let size = 10;
  while ((until - now) / size > 10_000) size *= 10;
  const rows: [string, string][] = [];
  for (let block = Math.floor(now / size); block * size < until; block++) {
    rows.push([String(block), `public, max-age=${Math.max(0, Math.floor(until - (block + 1) * size))}`]);
  }
  return { digits: 10 - Math.log10(size), rows };
}
