// Issue 11: a link the API publishes is http(s) or nothing. The imports refuse
// any other (test/db/hostile-imports.test.ts); here, a database written before
// that rule (or by hand) cannot publish one either, and the published JSON
// Schemas say so, for clients that validate.
import { existsSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { UserError } from '../../generator/errors.ts';
import { jsonSchemaFiles } from '../../generator/site/json-schemas.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { useFixture } from '../support/use-fixture.ts';

describe('published links', () => {
  const fixture = useFixture();

  it.each([
    // not manual: the build refuses a redefined built-in source before it reads any URL
    ['a source', "INSERT INTO sources VALUES ('other', 'Other', 'javascript:alert(1)', 'none', 'a figure', 'other')", /srcURL: must be an http\(s\) URL/],
    ['a rule', "UPDATE nisab_rules SET nsbSourceURL = 'data:text/html,<script>alert(1)</script>' WHERE nsbID = 1", /nsbSourceURL: must be an http\(s\) URL/],
  ])('a database holding a javascript: or data: URL for %s builds nothing', async (_what, update, pattern) => {
    const db = path.join(fixture.dir, 'links.sqlite');
    const out = path.join(fixture.dir, 'links-out');
    await rm(db, { force: true });
    const copy = new Database(fixture.db, { readonly: true });
    await copy.backup(db);
    copy.close();
    const handle = new Database(db);
    handle.exec(update);
    handle.close();
    const error = await buildSnapshot(fixtureBuild(db, out)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UserError);
    expect((error as UserError).message).toMatch(/links\.sqlite: 1 stored values break the record rules; correct them by importing again/);
    expect((error as UserError).problems.join('\n')).toMatch(pattern);
    expect(existsSync(out)).toBe(false);
  });

  it('the JSON Schemas give every URL field the http(s) pattern', () => {
    const urlFields: string[] = [];
    const visit = (node: unknown, where: string) => {
      if (Array.isArray(node)) {
        for (const [i, child] of node.entries()) visit(child, `${where}[${i}]`);
      } else if (node && typeof node === 'object') {
        const record = node as Record<string, unknown>;
        if (record.format === 'uri') {
          urlFields.push(where);
          expect(record.pattern, where).toBe('^https?:\\/\\/[^\\x00-\\x20\\x7f]+$');
          const pattern = new RegExp(record.pattern as string);
          expect(pattern.test('https://example.org/page')).toBe(true);
          for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'HTTPS://example.org/', 'https://example.org/a b'])
            expect(pattern.test(bad), bad).toBe(false);
        }
        for (const [key, child] of Object.entries(record)) visit(child, `${where}.${key}`);
      }
    };
    for (const [file, text] of jsonSchemaFiles()) visit(JSON.parse(text), file);
    expect(urlFields.join('\n')).toMatch(/NisabRule\.json.*nsbSourceURL/);
    expect(urlFields.join('\n')).toMatch(/Authority\.json.*sourceURL/);
  });
});
