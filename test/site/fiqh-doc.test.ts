// docs/fiqh.md's table of every rule is the data's (scripts/fiqh-table.ts), so
// the document cannot name a school, a body or a source the rules do not.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FIQH_DOC, withFiqhTable } from '../../scripts/fiqh-table.ts';

describe('docs/fiqh.md', () => {
  it('has the table of rules data/nisab.json gives (regenerate: npx tsx scripts/fiqh-table.ts)', () => {
    const doc = readFileSync(FIQH_DOC, 'utf8');
    expect(doc).toBe(withFiqhTable(doc));
    const rules = JSON.parse(readFileSync(new URL('../../data/nisab.json', import.meta.url), 'utf8')) as { nsbID: number }[];
    expect([...doc.matchAll(/^\| (\d+) \|/gm)].map((m) => Number(m[1]))).toEqual(rules.map((r) => r.nsbID).sort((a, b) => a - b));
  });
});
