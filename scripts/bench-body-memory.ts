// What a source body costs `fetch` in memory: a body served by a local server is
// read (getText) and parsed (parseJsonBody) in a child process of its own, and its
// peak resident set is reported. Each shape is the most a body of that kind can
// cost within the limits (MAX_BODY_BYTES and MAX_SOURCE_JSON_VALUES); the real
// bodies (a day of the currency API, the CBN's NFEM rows) are there to compare.
//   npx tsx scripts/bench-body-memory.ts
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const MIB = 1024 * 1024;
const fixtures = path.join(import.meta.dirname, '../test/fixtures/sources');

if (process.argv[2] === '--child') {
  const { getText } = await import('../generator/sources/http.ts');
  const { parseJsonBody } = await import('../generator/sources/source.ts');
  const result = await getText(process.argv[3]!, { timeoutMs: 60_000, retries: 0, retryDelayMs: 0 });
  const parsed = result.ok ? parseJsonBody(result) : { problem: result.problem };
  const peak = Number(readFileSync('/proc/self/status', 'utf8').match(/VmHWM:\s+(\d+) kB/)![1]) * 1024;
  console.log(JSON.stringify({ peak, outcome: 'json' in parsed ? 'accepted' : `refused: ${parsed.problem.slice(0, 120)}` }));
  process.exit(0);
}

/** Many values filling the body: `[x,x,...]` with `count` copies of `item`. */
const many = (item: string, count: number) => `[${new Array(count).fill(item).join(',')}]`;
const SHAPES: [string, () => string][] = [
  ['the currency API, a day (7.5 kB)', () => readFileSync(path.join(fixtures, 'currency-api/usd-2026-09-29.json'), 'utf8')],
  ["the CBN's NFEM rows, as recorded (11 kB)", () => readFileSync(path.join(fixtures, 'cbn/GetAllNFEM_Rates.json'), 'utf8')],
  ['63 MiB of empty objects, [{},{},...] (22 million values)', () => many('{}', Math.floor((63 * MIB) / 3))],
  ['63 MiB of one-digit numbers, [1,1,...] (33 million values)', () => many('1', Math.floor((63 * MIB) / 2))],
  ['99,000 objects of one 660-character string each (63 MiB, 198,000 values)', () => many(`{"a":"${'x'.repeat(660)}"}`, 99_000)],
  ['one string of 63 MiB, ASCII', () => JSON.stringify('x'.repeat(63 * MIB))],
  ['one string of 63 MiB, three-byte characters (₦)', () => JSON.stringify('₦'.repeat(21 * MIB))],
];

const dir = mkdtempSync(path.join(tmpdir(), 'bench-body-'));
try {
  for (const [name, make] of SHAPES) {
    const file = path.join(dir, 'body.json');
    writeFileSync(file, make());
    const server = http.createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(readFileSync(file));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/body.json`;
    const out = await new Promise<string>((resolve, reject) => {
      // Asynchronously, so that this process's server can answer the child.
      execFile(process.execPath, ['--import', 'tsx', import.meta.filename, '--child', url], { maxBuffer: MIB }, (error, stdout) =>
        error ? reject(error) : resolve(stdout),
      );
    });
    server.close();
    const { peak, outcome } = JSON.parse(out) as { peak: number; outcome: string };
    console.log(`| ${name} | ${(peak / MIB).toFixed(0)} MiB | ${outcome} |`);
  }
} finally {
  rmSync(dir, { recursive: true, force: true });
}
