// The money function (router/money.ts) inside SQLite, so that a query computes
// drtInNaira exactly as the build and the router do: `money(a, b, ...)` is the
// exact decimal product rounded half away from zero to 2 decimals. SQLite's own
// round() rounds the binary product (274.945 became 274.94); it is not used for money.
import type { Database } from 'better-sqlite3';
import { money } from '../router/money.ts';

export function registerMoney(db: Database): Database {
  db.function('money', { deterministic: true, varargs: true }, (...factors: unknown[]) => money(factors as number[]));
  return db;
}
