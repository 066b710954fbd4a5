// The MCP server as an assistant's host runs it: a child process over stdio,
// asked with the SDK's own client, against the real preview of the default
// data. Each tool's answer is held to the preview's own answer to the same
// request; the zakat is worked by hand.
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPreview, type Preview } from '../../generator/edges/preview/server.ts';
import { defaultSnapshot, type DefaultSnapshot } from '../support/default-snapshot.ts';
import { request } from '../support/http.ts';

const ROOT = path.join(import.meta.dirname, '../..');

interface ToolAnswer {
  isError?: boolean;
  content: { type: string; text: string }[];
}

describe('the MCP server over stdio', () => {
  let snapshot: DefaultSnapshot;
  let preview: Preview;
  let client: Client;
  const api = async (target: string) => JSON.parse((await request(preview.url, `/api/v1${target}`)).body) as { data: unknown; count?: number };
  const call = async (name: string, args: Record<string, unknown>) => {
    const result = (await client.callTool({ name, arguments: args })) as ToolAnswer;
    return { isError: result.isError === true, text: result.content[0]!.text };
  };

  beforeAll(async () => {
    snapshot = await defaultSnapshot();
    preview = await startPreview({ dir: snapshot.out, port: 0 });
    client = new Client({ name: 'test', version: '1.0.0' });
    await client.connect(
      new StdioClientTransport({
        command: process.execPath,
        args: ['--import', 'tsx', 'mcp/src/main.ts', '--base', `${preview.url}/api/v1`],
        cwd: ROOT,
        stderr: 'pipe',
      }),
    );
  });
  afterAll(async () => {
    await client?.close();
    await preview?.close();
    await snapshot?.remove();
  });

  it('lists its four tools, each with a description and an input schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual(['nisab_on', 'nisab_today', 'rates', 'zakat_due']);
    for (const tool of tools) {
      expect(tool.description?.length, tool.name).toBeGreaterThan(60);
      expect(tool.inputSchema.type, tool.name).toBe('object');
    }
  });

  it("answers today's Nisab, the Nisab on a Hijri date and a range of rates with the preview's records", async () => {
    expect(JSON.parse((await call('nisab_today', {})).text)).toEqual((await api('/nisab')).data);
    const inGbp = (await api('/nisab?currency=GBP')).data as { nsbSchools: string[] }[];
    expect(JSON.parse((await call('nisab_today', { currency: 'GBP', school: 'maliki' })).text)).toEqual(inGbp.filter((r) => r.nsbSchools.includes('maliki')));
    expect(JSON.parse((await call('nisab_on', { hijri_date: '1446-09-01' })).text)).toEqual((await api('/nisab?hijri_date=1446-09-01')).data);
    expect(JSON.parse((await call('nisab_on', { date: '2025-03-01', currency: 'USD' })).text)).toEqual((await api('/nisab?date=2025-03-01&currency=USD')).data);
    const range = await api('/rates?start_date=2025-09-01&end_date=2025-09-10&subcategory=silver');
    expect(JSON.parse((await call('rates', { start_date: '2025-09-01', end_date: '2025-09-10', subcategory: 'silver' })).text)).toEqual(range);
  });

  it("works the zakat due, and gives the API's own message for a bad request", async () => {
    // ₦20,000,000 in cash a full year, nothing owed, Maliki, the silver standard: above the silver
    // Nisab (595 g at the day's price, under ₦4,000,000), so a fortieth is due (al-Risala: "fa-fīhā
    // rub'u al-'ushr"): 20,000,000 / 40 = ₦500,000.
    const silverNisab = ((await api('/nisab?subcategory=3')).data as { nsbBasisSubcategoryID: number | null; nsbValueInNaira: number }[]).find(
      (r) => r.nsbBasisSubcategoryID === 2,
    )!;
    expect(silverNisab.nsbValueInNaira).toBeLessThan(20_000_000);
    const due = JSON.parse((await call('zakat_due', { holdings: { cash: 20_000_000 }, standard: 'silver', school: 'maliki' })).text) as { totalMoney: number };
    expect(due.totalMoney).toBe(500_000);

    const refused = await call('rates', { start_date: '2024-02-30' });
    expect(refused).toEqual({ isError: true, text: `400 ${((await api('/rates?start_date=2024-02-30')) as unknown as { message: string }).message}` });
    const unbounded = await call('zakat_due', { holdings: { cash: 1e308 }, standard: 'gold' });
    expect(unbounded.isError).toBe(true);
    expect(unbounded.text).toMatch(/^cash must be a number from 0 to /);
  });
});

describe('the MCP server without a base', () => {
  it('refuses to start, saying how to give one', async () => {
    const { execFile } = await import('node:child_process');
    const { promisify } = await import('node:util');
    const env = { ...process.env };
    delete env.NISAB_API_BASE;
    const failed = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'mcp/src/main.ts'], { cwd: ROOT, env }).catch(
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed).toMatchObject({ code: 2, stderr: 'error: no API base given; usage: nisab-rates-mcp --base https://HOST/api/v1 (or set NISAB_API_BASE)\n' });
  });
});
