// A snapshot served by real nginx: the site `nisab-api nginx` writes, in a
// temporary prefix, started the documented way (`nginx -p PREFIX -c nginx.conf
// -g 'daemon off;'`) on a free loopback port, stopped with SIGQUIT (graceful).
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, mkdtemp, readFile, realpath, rm, stat } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { ConnectionLimits } from '../../generator/edges/nginx/conf.ts';
import { NJS_MODULE_CANDIDATES, writeNginxSite } from '../../generator/edges/nginx/site.ts';
import { request } from './http.ts';

export interface NginxServer {
  url: string;
  prefix: string;
  stop(): Promise<void>;
}

/** Why nginx cannot run here, saying what to install (null when it can): the message of skipOrFail(). */
export function nginxMissing(env: NodeJS.ProcessEnv = process.env): string | null {
  const version = spawnSync('nginx', ['-v'], { encoding: 'utf8', env });
  if (version.error) return 'nginx is not installed (apt-get install -y nginx libnginx-mod-http-js)';
  if (!NJS_MODULE_CANDIDATES.some((file) => existsSync(file))) return 'the njs module is not installed (apt-get install -y libnginx-mod-http-js)';
  return null;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as net.AddressInfo).port;
      server.close(() => resolve(port));
    });
  });
}

function exited(child: ChildProcess): Promise<void> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', () => resolve()));
}

async function stopNginx(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGQUIT');
  const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
  await exited(child);
  clearTimeout(timer);
}

/** Until `probe` answers (or nginx exits, with its complaint). */
async function waitUntilUp(probe: string, child: ChildProcess, output: () => string): Promise<void> {
  const url = new URL(probe);
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null) throw new Error(`nginx exited: ${output()}`);
    try {
      await request(url.origin, url.pathname + url.search);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`nginx did not answer ${probe} within 15 s: ${output()}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }
}

/** `nginx -p PREFIX -c nginx.conf -g 'daemon off;'`, once `probe` answers; stop() quits it gracefully. */
export async function runNginx(prefix: string, probe: string): Promise<{ stop(): Promise<void> }> {
  const child = spawn('nginx', ['-p', prefix, '-c', 'nginx.conf', '-g', 'daemon off;'], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const output = () => {
    const log = path.join(prefix, 'logs', 'error.log');
    return `${stderr}${existsSync(log) ? spawnSync('tail', ['-n', '20', log], { encoding: 'utf8' }).stdout : ''}`.trim();
  };
  try {
    await waitUntilUp(probe, child, output);
  } catch (error) {
    await stopNginx(child);
    throw error;
  }
  return { stop: () => stopNginx(child) };
}

/**
 * Run as root, the site's workers run as nobody (the tests' snapshots belong to
 * root): the temporary folders above a snapshot are opened to them, read-only.
 */
export async function readableByNobody(snapshotDir: string): Promise<void> {
  if (process.getuid?.() !== 0) return;
  // The run's own temporary root (test/support/temp-root.ts) is opened too.
  const run = await realpath(os.tmpdir());
  const tmp = path.basename(run).startsWith('nisab-test-run-') ? path.dirname(run) : run;
  for (let dir = await realpath(snapshotDir); dir.startsWith(tmp + path.sep); dir = path.dirname(dir)) {
    await chmod(dir, (await stat(dir)).mode | 0o005);
  }
}

/** Writes the site for `snapshotDir` into a new temporary prefix and starts nginx on it (`limits`: shorter ones, for a test). */
export async function startNginx(snapshotDir: string, limits?: Partial<ConnectionLimits>): Promise<NginxServer> {
  await readableByNobody(snapshotDir);
  const prefix = await mkdtemp(path.join(os.tmpdir(), 'nisab-nginx-'));
  // A free port can be taken again before nginx binds it: try a few.
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    await writeNginxSite({ dir: snapshotDir, port, prefix, ...(limits ? { limits } : {}) });
    const url = `http://127.0.0.1:${port}`;
    let running;
    try {
      running = await runNginx(prefix, `${url}/api/v1/meta`);
    } catch (error) {
      if (attempt < 3 && /Address already in use/.test(String(error))) continue;
      await rm(prefix, { recursive: true, force: true });
      throw error;
    }
    return {
      url,
      prefix,
      stop: async () => {
        await running.stop();
        await rm(prefix, { recursive: true, force: true });
      },
    };
  }
}

/** The site's error log (for a failing test's message). */
export function errorLog(server: NginxServer): Promise<string> {
  return readFile(path.join(server.prefix, 'logs', 'error.log'), 'utf8').catch(() => '');
}
