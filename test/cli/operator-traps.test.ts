// Issue 25, operator errors read as such: mistakes found by trying them on the
// real command line, each printed "internal error … please report this" (or
// left the text and the database apart) before; each now names what is wrong
// and where.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cli, cliWith } from '../support/cli.ts';
import { makeFixture, type Fixture } from '../support/fixture.ts';

describe('operator traps', () => {
  let fixture: Fixture;
  let dir: string;
  let file: string;
  let requests = 0;
  let server: http.Server;
  let env: Record<string, string>;
  beforeAll(async () => {
    fixture = await makeFixture();
    dir = await mkdtemp(path.join(os.tmpdir(), 'nisab-traps-'));
    file = path.join(dir, 'a-file');
    await writeFile(file, 'not a folder\n');
    // Any request is a failure of the check that should have come first.
    server = http.createServer((_req, res) => {
      requests++;
      res.writeHead(500).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    env = { NISAB_CURRENCY_API: `${base}/{date}.json`, NISAB_CBN_API: `${base}/cbn/{date}` };
  });
  afterAll(async () => {
    server?.close();
    await fixture?.remove();
    await rm(dir, { recursive: true, force: true });
  });

  const refused = (result: { code: number; stderr: string }, message: RegExp) => {
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.stderr).toMatch(message);
    expect(result.code).toBe(1);
  };

  it('a --db or an import file under a file, and a --db in a folder that is not there', async () => {
    refused(await cli('init', '--db', path.join(file, 'x.sqlite')), /^error: --db .*a-file\/x\.sqlite: a part of its path is a file, not a folder/);
    refused(
      await cli('init', '--db', path.join(dir, 'missing', 'x.sqlite')),
      /^error: --db .*missing\/x\.sqlite: the folder .*missing does not exist; create it first/,
    );
    refused(
      await cli('import', 'rates', path.join(file, 'rates.csv'), '--db', fixture.db),
      /^error: .*a-file\/rates\.csv: no such file \(a part of its path is a file, not a folder\)/,
    );
  }, 90_000); // 19 s seen in .ci/run beside 16 busy processes (load 18 to 21), under a third of this

  it('fetch --write-csv naming a file: refused before anything is fetched (it was an internal error ENOTDIR)', async () => {
    requests = 0;
    for (const option of ['--write-csv', '--write-fx-csv']) {
      refused(
        await cliWith(env, ['fetch', '--date', '2024-03-16', '--db', fixture.db, option, file, '--retries', '0']),
        new RegExp(`^error: ${option} .*a-file: .*a-file is a file, not a folder; name the folder the month files are kept in`),
      );
    }
    expect(requests).toBe(0);
  });

  it('fetch --write-fx-csv with a damaged month file: refused before anything is fetched (it was found after data/daily was written)', async () => {
    const fx = path.join(dir, 'fx');
    await mkdir(fx);
    await writeFile(path.join(fx, '2024-03.csv'), 'fxDate,fxCurrency\n2024-03-01,GBP\n');
    requests = 0;
    refused(
      await cliWith(env, ['fetch', '--date', '2024-03-16', '--db', fixture.db, '--write-fx-csv', fx, '--retries', '0']),
      /fx\/2024-03\.csv:1: fxPerUSD: missing column/,
    );
    expect(requests).toBe(0);
  });
});
