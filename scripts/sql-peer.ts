// The live SQL peer of the serving benchmarks (bench-serve.ts, bench-njs-cpu.ts):
// a node:http server in the calling process that runs one prepared
// better-sqlite3 query per /api/v1/rates request and renders the envelope.
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Database from 'better-sqlite3';
import { registerMoney } from '../generator/db/money-sql.ts';
import { renderList } from '../generator/router/envelope.ts';
import { ORACLE_FIELDS, withHijri } from '../test/support/fixture.ts';

export interface Endpoint {
  url: string;
  /** The server's process (the preview's child; ours for the in-script peer). */
  pid: number;
  stop(): Promise<void>;
}

/** The published rate records, as the tests' SQL oracle reads them (the Hijri date is added per row: SQLite has no Hijri calendar). */
const RATES_SQL = `
  SELECT ${ORACLE_FIELDS}
   WHERE r.drtDate BETWEEN @start AND @end AND (@subcategory IS NULL OR r.drtSubcategoryID = @subcategory)
   ORDER BY r.drtDate, r.drtSubcategoryID`;

/** The live peer: each /api/v1/rates request runs the SQL and renders the envelope. */
export async function startSqlPeer(dbPath: string, asOf: string): Promise<Endpoint> {
  const db = registerMoney(new Database(dbPath, { readonly: true }));
  const rates = db.prepare(RATES_SQL);
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://peer');
    if (url.pathname !== '/api/v1/rates') {
      res.writeHead(404).end();
      return;
    }
    const param = (name: string) => url.searchParams.get(name) || null;
    const end = param('end_date');
    const subcategory = param('subcategory');
    const rows = rates.all({
      start: param('start_date') ?? '0000-01-01',
      end: end === null || end > asOf ? asOf : end,
      subcategory: subcategory === null ? null : Number(subcategory),
    });
    const body = renderList((rows as Record<string, unknown>[]).map((row) => JSON.stringify(withHijri(row))));
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
      'access-control-allow-origin': '*',
      'cache-control': 'public, max-age=60',
      etag: '"' + createHash('sha1').update(body).digest('hex') + '"',
    });
    res.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    pid: process.pid,
    stop: async () => {
      server.closeAllConnections();
      await new Promise((done) => server.close(done));
      db.close();
    },
  };
}
