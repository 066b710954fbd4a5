// The nginx site itself: what `nisab-api nginx` writes, that real nginx (and its
// njs 0.7.9) loads it, that it starts as documented (also as an unprivileged
// user), and that bad input is a one-line error. The answers are the contract
// suite's and nginx-vs-preview's business.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, cp, mkdir, mkdtemp, readdir, readFile, realpath, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { njsModule, returnBody, writeNginxSite } from '../../generator/edges/nginx/site.ts';
import { main } from '../../generator/cli.ts';
import { UserError } from '../../generator/errors.ts';
import { request } from '../support/http.ts';
import { freePort, nginxMissing, readableByNobody, runNginx } from '../support/nginx-server.ts';
import { skipOrFail } from '../support/required-tools.ts';
import { parsePath, paths } from '../../generator/router/layout.ts';
import { assemble, etagOf, route } from '../../generator/router/router.ts';
import { createHash } from 'node:crypto';

const missing = skipOrFail(nginxMissing(), 'test/edge/nginx.test.ts (two tests)');
const AS_OF = '2025-09-01';

let work: string;
let out: string;

beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'nisab-nginx-site-'));
  // Readable by anyone, for the unprivileged start below.
  await chmod(work, 0o755);
  out = path.join(work, 'public');
  const exitCode = process.exitCode;
  await main(['build', '--out', out, '--as-of', AS_OF]);
  expect(process.exitCode ?? 0, 'the build failed (see stderr)').toBe(exitCode ?? 0);
  await readableByNobody(out);
});

afterAll(async () => {
  if (work) await rm(work, { recursive: true, force: true });
});

describe('the njs module', () => {
  it('is one ES module with a default export, importing only njs built-ins', async () => {
    const code = await njsModule();
    expect(code).toMatch(/\nexport default \w+;\n$/);
    expect(code.match(/^import .*$/gm)).toEqual(['import crypto from "crypto";', 'import fs from "fs";']);
    for (const [pattern, what] of [
      [/\.\.\.[\w$([{]/, 'spread'],
      [/\?\./, 'optional chaining'],
      [/\bclass\s/, 'class'],
      [/\bfor\s*\([^;)]*\bof\b/, 'for-of'],
      [/\bnew (Map|Set)\b/, 'Map/Set'],
      [/\basync\b|\bawait\b|function\s*\*/, 'async or generators'],
    ] as const) {
      expect(pattern.test(code), what).toBe(false);
    }
  });
});

describe('nisab-api nginx', () => {
  it('refuses a folder without a snapshot, a missing one and port 0, in one line', async () => {
    const empty = path.join(work, 'empty');
    await mkdir(empty);
    await expect(writeNginxSite({ dir: empty, port: 8080, prefix: path.join(work, 'p1') })).rejects.toThrow(UserError);
    await expect(writeNginxSite({ dir: empty, port: 8080, prefix: path.join(work, 'p1') })).rejects.toThrow(/no snapshot here/);
    await expect(writeNginxSite({ dir: path.join(work, 'nope'), port: 8080, prefix: path.join(work, 'p1') })).rejects.toThrow(/no such folder/);
    await expect(writeNginxSite({ dir: out, port: 0, prefix: path.join(work, 'p1') })).rejects.toThrow(/fixed port/);
    // A tree of an older version has no mark, which the fast path checks DIR by.
    const older = path.join(work, 'older');
    await cp(await realpath(out), older, { recursive: true });
    await rm(path.join(older, 'v1', 'mark'), { recursive: true });
    await expect(writeNginxSite({ dir: older, port: 8080, prefix: path.join(work, 'p1') })).rejects.toThrow(
      `${older}: the snapshot has no mark (v1/mark/); it was built by an older version: build it again`,
    );
    expect(existsSync(path.join(work, 'p1', 'nginx.conf'))).toBe(false);
  }, 120_000); // 33 s seen in .ci/run beside 16 busy processes (load 17 to 20), under a third of this

  it('writes a configuration that keeps everything under the prefix and follows the link', async () => {
    const prefix = path.join(work, 'p2');
    const site = await writeNginxSite({ dir: out, port: 18_080, prefix });
    const conf = await readFile(site.conf, 'utf8');
    expect(site.tree).toBe(await realpath(out));
    expect(conf).toMatch(/^load_module \/\S+\/ngx_http_js_module\.so;$/m);
    expect(conf).toContain(`pid ${prefix}/nginx.pid;`);
    expect(conf).toContain(`error_log ${prefix}/logs/error.log`);
    expect(conf).toContain(`access_log ${prefix}/logs/access.log`);
    for (const temp of ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) expect(conf).toContain(`${temp}_temp_path ${prefix}/temp/${temp};`);
    expect(conf).toContain(`proxy_cache_path ${prefix}/cache `);
    expect(conf).not.toMatch(/^\s*daemon /m);
    // The link, not its target, is the root; no file handle outlives a request.
    expect(conf).toContain(`root ${path.resolve(out)};`);
    expect(conf).toContain('open_file_cache off;');
    expect(conf).toContain('listen 127.0.0.1:18080;');
    // Room for the biggest file of the snapshot.
    const manifest = JSON.parse(await readFile(path.join(out, 'manifest.json'), 'utf8')) as { files: { [file: string]: { bytes: number } } };
    const biggest = Math.max(
      ...Object.entries(manifest.files)
        .filter(([file]) => parsePath(file) !== null)
        .map(([, f]) => f.bytes),
    );
    expect(Number(/subrequest_output_buffer_size (\d+);/.exec(conf)![1])).toBeGreaterThan(biggest);
    // Single-file answers of both bases are plain nginx, with the build's ETags.
    const routing = JSON.parse(await readFile(path.join(out, paths.routing), 'utf8'));
    const single: [string, string][] = [
      ['/api/v1/rates/latest', paths.latest(1)],
      ['/index.php/api/v1/meta/', paths.meta],
      ['/api/v1/nisab?subcategory=2', paths.nisab(2)],
      ['/api/v1/rates?start_date=2024-02-01&end_date=2024-02-29&subcategory=1', paths.shard(1, 'month', '2024-02-01')],
    ];
    for (const [uri, file] of single) {
      expect(conf).toMatch(new RegExp(`\\n +${escapeRegExp(uri)} (mem|file)/${escapeRegExp(file)};\\n`));
      // A rate list's ETag is derived, not stored (router.ts listEtagKey): as the router answers it.
      const answer = assemble(route({ method: 'GET', url: uri, ifNoneMatch: null }, routing)!, [await readFile(path.join(out, file), 'utf8')], routing);
      const etag = answer.etag ?? etagOf(createHash('sha1').update(answer.etagKey).digest('hex'));
      expect(conf).toMatch(new RegExp(`\\n +(mem|file)/${escapeRegExp(file)} '${escapeRegExp(etag)}';\\n`));
    }
    expect(site.fastAnswers).toBeGreaterThan(1000);
    for (const file of ['nisab-api.js', 'snapshot.json']) expect(existsSync(path.join(prefix, file)), file).toBe(true);
  });

  it.skipIf(missing !== null)(`serves answers from memory byte for byte, whatever they hold${missing ? ` (skipped: ${missing})` : ''}`, async () => {
    const prefix = path.join(work, 'p4');
    await mkdir(path.join(prefix, 'logs'), { recursive: true });
    const bodies = [
      '{"success":true,"data":[]}\n',
      `{"note":"it's \\"quoted\\", \\\\ \\n $HOME \${x} $ {} ; # é ☪ 𝄞"}\n`,
      ('{"a":"' + 'x'.repeat(97) + '$\'\\\\é𝄞"},\n').repeat(300),
    ];
    // A port the kernel has just handed out, and nginx run until it answers (or its complaint): a random
    // port once collided under CI's load, nginx exited at once, and the wait for its exit never ended.
    const port = await freePort();
    const locations = bodies.flatMap((body, i) => [`location = /b${i} {`, ...returnBody(body), '}']);
    await writeFile(
      path.join(prefix, 'nginx.conf'),
      `pid ${prefix}/nginx.pid;\nerror_log ${prefix}/logs/error.log;\nevents {}\nhttp {\n access_log off;\n client_body_temp_path ${prefix}/t1; proxy_temp_path ${prefix}/t2; fastcgi_temp_path ${prefix}/t3; uwsgi_temp_path ${prefix}/t4; scgi_temp_path ${prefix}/t5;\n geo $nisab_dollar { default "$"; }\n server {\n listen 127.0.0.1:${port};\n${locations.join('\n')}\n }\n}\n`,
    );
    const nginx = await runNginx(prefix, `http://127.0.0.1:${port}/b0`);
    try {
      for (const [i, body] of bodies.entries()) {
        const got = await (await fetch(`http://127.0.0.1:${port}/b${i}`, { signal: AbortSignal.timeout(10_000) })).arrayBuffer();
        expect(Buffer.from(got).equals(Buffer.from(body)), `body ${i}`).toBe(true);
      }
    } finally {
      await nginx.stop();
    }
  });

  it.skipIf(missing !== null)(
    `starts as documented, and as an unprivileged user${missing ? ` (skipped: ${missing})` : ''}`,
    async () => {
      const prefix = path.join(work, 'p3');
      const port = await freePort();
      const exitCode = process.exitCode;
      await main(['nginx', '--dir', out, '--port', String(port), '--prefix', prefix]);
      expect(process.exitCode ?? 0).toBe(exitCode ?? 0);
      expect(spawnSync('nginx', ['-p', prefix, '-c', 'nginx.conf', '-t'], { encoding: 'utf8' }).status).toBe(0);
      // Root may drop to nobody; anyone else runs it as themselves.
      const asNobody = process.getuid?.() === 0 && existsSync('/usr/bin/setpriv');
      if (asNobody) await chownTree(prefix, 65534, 65534);
      const command = asNobody ? ['setpriv', '--reuid=65534', '--regid=65534', '--clear-groups', 'nginx'] : ['nginx'];
      const child = spawn(command[0]!, [...command.slice(1), '-p', prefix, '-c', 'nginx.conf', '-g', 'daemon off;'], { stdio: 'ignore' });
      try {
        const url = `http://127.0.0.1:${port}`;
        let latest;
        for (let i = 0; i < 100 && !latest; i++) {
          latest = await request(url, '/api/v1/rates/latest').catch(() => new Promise((resolve) => setTimeout(resolve, 50)).then(() => undefined));
        }
        expect(latest!.status).toBe(200);
        expect(latest!.body).toBe(await readFile(path.join(out, paths.latest(1)), 'utf8'));
        const composed = await request(url, '/api/v1/rates?start_date=2020-01-15&end_date=2021-02-10&subcategory=2');
        expect([composed.status, JSON.parse(composed.body).count]).toEqual([200, 13]);
        const pid = Number(await readFile(path.join(prefix, 'nginx.pid'), 'utf8'));
        if (asNobody) expect(spawnSync('ps', ['-o', 'user=', '-p', String(pid)], { encoding: 'utf8' }).stdout.trim()).toBe('nobody');
      } finally {
        // An nginx that already exited (its complaint failed the waits above) sends no 'exit' again.
        if (child.exitCode === null && child.signalCode === null) {
          child.kill('SIGQUIT');
          await new Promise((resolve) => child.once('exit', resolve));
        }
      }
      expect(existsSync(path.join(prefix, 'nginx.pid'))).toBe(false);
    },
    30_000,
  );
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

async function chownTree(dir: string, uid: number, gid: number): Promise<void> {
  await chown(dir, uid, gid);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await chownTree(full, uid, gid);
    else await chown(full, uid, gid);
  }
}
