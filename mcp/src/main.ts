// nisab-rates-mcp: the MCP server over stdio. It asks the static API at the base
// it is given (--base, or NISAB_API_BASE) and nothing else; there is no default,
// since the API has no public address of its own yet.
import { readFileSync } from 'node:fs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { createClient } from '../../client/src/index.ts';
import { nisabServer } from './server.ts';

const USAGE = 'usage: nisab-rates-mcp --base https://HOST/api/v1 (or set NISAB_API_BASE)';

function baseFrom(args: string[], env: NodeJS.ProcessEnv): string | { problem: string } {
  const at = args.indexOf('--base');
  const base = at >= 0 ? args[at + 1] : env.NISAB_API_BASE;
  if (!base) return { problem: `no API base given; ${USAGE}` };
  if (!/^https?:\/\/[^/]/.test(base)) return { problem: `--base ${base}: not an http(s) address, e.g. https://rates.example.org/api/v1` };
  return base;
}

const base = baseFrom(process.argv.slice(2), process.env);
if (typeof base !== 'string') {
  process.stderr.write(`error: ${base.problem}\n`);
  process.exit(2);
}
const { version } = JSON.parse(readFileSync(new URL('../../client/package.json', import.meta.url), 'utf8')) as { version: string };
// The client's ETag cache is for long-lived pages; an assistant's session asks a few times, always fresh.
await nisabServer(createClient({ baseUrl: base, etagCache: false }), version).connect(new StdioServerTransport());
