// The preview writes a big answer a MiB of text at a time (issue 12: memory);
// the cuts must never change a byte, even where a character takes two UTF-16 units.
import { cp, readFile, realpath, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LIST_HEAD } from '../../generator/router/envelope.ts';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { makeFixture, type Fixture } from '../support/fixture.ts';
import { request } from '../support/http.ts';

const MONTH = 'v1/rates/1/2024/03.json';
const QUERY = '/api/v1/rates?start_date=2024-03-01&end_date=2024-03-31&subcategory=1';

let fixture: Fixture;
let preview: Preview;
let plain: string;
beforeAll(async () => {
  fixture = await makeFixture();
  plain = path.join(fixture.dir, 'plain');
  await cp(await realpath(fixture.out), plain, { recursive: true });
  preview = await startPreview({ dir: plain, port: 0 });
});
afterAll(async () => {
  await preview.close();
  await fixture.remove();
});

it('sends a month file of several MiB byte for byte, with a four-byte character across every MiB cut', async () => {
  const file = path.join(plain, MONTH);
  const original = await readFile(file, 'utf8');
  expect(original.startsWith(LIST_HEAD)).toBe(true);
  // A field the router does not read, in the first record, padded so that the
  // first half of "😀" is the last UTF-16 unit before each of the first four
  // cuts (each cut that moves past a pair moves the next one by a unit too).
  const mib = 1 << 20;
  const prefix = LIST_HEAD + '{"pad":"';
  let pad = 'x'.repeat(mib - 1 - prefix.length) + '😀';
  for (let i = 1; i < 4; i++) pad += 'y'.repeat(mib - 1) + '😀';
  const big = prefix + pad + '",' + original.slice(LIST_HEAD.length + 1);
  expect(big.charCodeAt(mib - 1)).toBe(0xd83d);
  await writeFile(file, big);

  const answer = await request(preview.url, QUERY);
  expect(answer.status).toBe(200);
  expect(answer.bytes.equals(Buffer.from(big, 'utf8'))).toBe(true);
  expect(answer.body).not.toContain('\uFFFD');
});
