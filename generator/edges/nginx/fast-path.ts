// The fast path: which requests the router answers with one whole file of a
// tree, so that nginx can answer them itself (from memory or the file) with the
// router's headers; and the Cache-Control table nginx uses without njs.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { blockStarts, type Coverage } from '../../core/layout.ts';
import { assemble, BASES, route, type RoutingIndex } from '../../core/router.ts';


/** The month and year blocks of a coverage, as inclusive date ranges. */
function blocks(coverage: Coverage): { start: string; end: string }[] {
  const months = blockStarts('month', coverage.first, coverage.last).map((start) => {
    const lastDay = new Date(Date.UTC(Number(start.slice(0, 4)), Number(start.slice(5, 7)), 0)).getUTCDate();
    return { start, end: `${start.slice(0, 8)}${lastDay}` };
  });
  const years = blockStarts('year', coverage.first, coverage.last).map((start) => ({ start, end: `${start.slice(0, 4)}-12-31` }));
  return [...months, ...years];
}

/** The requests worth trying: whole files, latest, nisab, calendar months and years, on both bases, with and without the trailing slash. */
function candidates(index: RoutingIndex): string[] {
  const found = ['/meta', '/subcategories', '/nisab', '/rates/latest', '/rates'];
  const scopes: { query: string; coverage: Coverage | null }[] = [{ query: '', coverage: index.all }];
  for (const id of Object.keys(index.subcategories)) {
    found.push(`/rates/latest?subcategory=${id}`, `/nisab?subcategory=${id}`, `/rates?subcategory=${id}`);
    scopes.push({ query: `&subcategory=${id}`, coverage: index.subcategories[id] ?? null });
  }
  for (const scope of scopes) {
    if (!scope.coverage) continue;
    for (const range of blocks(scope.coverage)) {
      found.push(`/rates?start_date=${range.start}&end_date=${range.end}${scope.query}`);
    }
  }
  const urls: string[] = [];
  for (const base of BASES) {
    for (const endpoint of found) {
      const at = endpoint.indexOf('?');
      const [pathPart, query] = at === -1 ? [endpoint, ''] : [endpoint.slice(0, at), endpoint.slice(at)];
      urls.push(base + pathPart + query, base + pathPart + '/' + query);
    }
  }
  return urls;
}

/** Request URI -> file, for each candidate the router answers with one whole file and its known ETag. */
export function fastAnswers(tree: string, index: RoutingIndex): { answers: Map<string, string>; bodies: Map<string, string> } {
  const bodies = new Map<string, string>();
  const missing = new Set<string>();
  const answers = new Map<string, string>();
  for (const url of candidates(index)) {
    // Lower-case only: nginx's map finds its keys without case (see nginxConf).
    if (url !== url.toLowerCase()) continue;
    const plan = route({ method: 'GET', url, ifNoneMatch: null }, index);
    if (!plan || plan.status !== 200 || plan.reads.length !== 1) continue;
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
    if (answer.etag !== null && answer.etag === index.etags[file] && answer.body === body) answers.set(url, file);
  }
  for (const file of [...bodies.keys()]) if (![...answers.values()].includes(file)) bodies.delete(file);
  return { answers, bodies };
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
