// The nginx edge: PREFIX/nginx.conf, the njs module and its preloaded index, for
// a site that serves a snapshot on 127.0.0.1:PORT with the contract's behaviour.
// Start it with `nginx -p PREFIX -c nginx.conf -g 'daemon off;'` (as any user:
// pid, logs, temp files and the answer cache stay under PREFIX).
//
// Requests are routed by their request target as sent ($request_uri), as the router reads it:
//  - the single-file answers of the tree the configuration was written for
//    (found by asking the router itself: latest, nisab, each block of the
//    layout asked for as a range) are plain nginx: from memory (up to 16 KiB) or the file,
//    with the router's headers, while DIR still holds that tree (its mark,
//    v1/mark/HEX.json, one file test per request);
//  - every other GET or HEAD under a base is proxied to a backend location
//    running the njs module (njs.ts: the shared router), through an answer
//    cache keyed by the tree's mark and the request while DIR still holds that tree;
//  - the other methods run the njs module directly, and so do targets with dot
//    segments (resolved as the router's normalizeTarget does);
//  - anything else is static content from DIR, with the static headers, and
//    the core's JSON 404 when there is no such file.
// The njs backend listens on a unix socket under PREFIX: no client reaches it.
// After a build swaps DIR the answers stay right (all of them then come from
// njs) until the site is written again and nginx reloaded, which
// `build --nginx-prefix PREFIX` does (refreshNginxSite). A build of the same
// data makes a tree with the same mark: the fast path and the cache go on
// serving its bytes, and once the tree written for is swept (two builds later)
// a file the fast path cannot open goes to the router, and the cache's backend
// reads whichever tree holds the key's mark (njs.ts compose).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { chmod, mkdir, readdir, readFile, realpath, stat, writeFile } from 'node:fs/promises';
import { z } from 'zod';
import path from 'node:path';
import { parsePath, paths } from '../../router/layout.ts';
import { RoutingIndex } from '../../model/schemas.ts';
import { UserError } from '../../errors.ts';
import { isNotWritable, storeOf } from '../../snapshot/store.ts';
import { CONNECTION_LIMITS, nginxConf, type ConnectionLimits } from './conf.ts';
import { cacheControlTable, fastAnswers } from './fast-path.ts';
import { njsModule } from './njs-bundle.ts';

export { njsModule } from './njs-bundle.ts';
export { returnBody } from './quoting.ts';

/** Where distributions put the njs module (Debian's libnginx-mod-http-js first). */
export const NJS_MODULE_CANDIDATES = [
  '/usr/lib/nginx/modules/ngx_http_js_module.so',
  '/usr/lib64/nginx/modules/ngx_http_js_module.so',
  '/usr/share/nginx/modules/ngx_http_js_module.so',
  '/etc/nginx/modules/ngx_http_js_module.so',
  '/usr/local/nginx/modules/ngx_http_js_module.so',
];

export interface NginxSiteOptions {
  /** The snapshot folder (usually a link that each build swaps). */
  dir: string;
  port: number;
  prefix: string;
  host?: string;
  /** The njs dynamic module; default: the first of NJS_MODULE_CANDIDATES that exists. */
  njsModule?: string;
  /** The clock, for the Cache-Control table (tests). */
  now?: number;
  /** Shorter timeouts and smaller tables than CONNECTION_LIMITS (tests). */
  limits?: Partial<ConnectionLimits>;
}

export interface NginxSite {
  prefix: string;
  conf: string;
  /** DIR resolved: the tree the fast path and the answer cache serve. */
  tree: string;
  /** Requests nginx answers from memory or a file, without njs. */
  fastAnswers: number;
  /** Something the operator should know (the user the workers run as). */
  note: string | null;
}

/** PREFIX/site.json: how the site was written, so a build can write it again for its new tree. */
const SITE_FILE = 'site.json';
const SavedSiteSchema = z.object({ dir: z.string(), port: z.number().int(), host: z.string(), njsModule: z.string().nullable() });
type SavedSite = z.infer<typeof SavedSiteSchema>;

/**
 * After a build: the site of PREFIX written again for the tree DIR now holds
 * (its fast path and Cache-Control table are that tree's), checked with
 * `nginx -t`, and the running nginx reloaded (SIGHUP: old workers finish
 * their requests, new ones serve the new tree from plain nginx). Until then
 * the site answers right, from njs.
 */
export async function refreshNginxSite(prefix: string): Promise<{ site: NginxSite; reloaded: boolean }> {
  const file = path.join(path.resolve(prefix), SITE_FILE);
  let saved: SavedSite;
  try {
    saved = SavedSiteSchema.parse(JSON.parse(readFileSync(file, 'utf8')));
  } catch {
    throw new UserError(`--nginx-prefix ${prefix}: no site written by \`nisab-api nginx\` here (no readable ${SITE_FILE})`);
  }
  const site = await writeNginxSite({ dir: saved.dir, port: saved.port, host: saved.host, prefix, ...(saved.njsModule ? { njsModule: saved.njsModule } : {}) });
  const test = spawnSync('nginx', ['-p', site.prefix, '-c', 'nginx.conf', '-t'], { encoding: 'utf8' });
  if (test.status !== 0) throw new UserError(`nginx -t refused the site written for the new snapshot: ${(test.stderr || test.error?.message || '').trim()}`);
  const pidText = await readFile(path.join(site.prefix, 'nginx.pid'), 'utf8').catch(() => null);
  const pid = pidText === null ? NaN : Number(pidText.trim());
  if (!Number.isInteger(pid) || pid <= 0) return { site, reloaded: false };
  try {
    process.kill(pid, 'SIGHUP');
  } catch {
    return { site, reloaded: false };
  }
  return { site, reloaded: true };
}

function readIndex(tree: string, dir: string): RoutingIndex {
  let text: unknown;
  try {
    text = JSON.parse(readFileSync(path.join(tree, paths.routing), 'utf8'));
  } catch {
    throw new UserError(`${dir}: no snapshot here (no readable ${paths.routing}); build one with: npm run cli -- build --out ${dir}`);
  }
  const index = RoutingIndex.safeParse(text);
  if (!index.success) throw new UserError(`${dir}/${paths.routing}: not a routing index of this version; build the snapshot again`);
  return index.data;
}

/** The tree's mark (see layout.ts): how the site tells, per request, that DIR still holds this tree. */
async function treeMark(tree: string, dir: string): Promise<string> {
  const folder = path.dirname(paths.mark('0'.repeat(40)));
  const names = await readdir(path.join(tree, folder)).catch(() => []);
  const marks = names.map((name) => `${folder}/${name}`).filter((file) => parsePath(file)?.kind === 'mark');
  if (marks.length !== 1) throw new UserError(`${dir}: the snapshot has no mark (${folder}/); it was built by an older version: build it again`);
  return marks[0]!;
}

async function largestFile(dir: string): Promise<number> {
  let largest = 0;
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) largest = Math.max(largest, await largestFile(full));
    else if (entry.isFile()) largest = Math.max(largest, (await stat(full)).size);
  }
  return largest;
}

function accountName(file: string, id: number): string | null {
  const row = readFileSync(file, 'utf8')
    .split('\n')
    .find((line) => line.split(':')[2] === String(id));
  return row ? row.split(':')[0]! : null;
}

/**
 * `user` for a master started as root: never root. The snapshot's owner, so
 * the workers can read it and no more; when root owns it, nobody, once it is
 * clear nobody can read the tree (otherwise a clear refusal).
 */
function workerUser(tree: string): { user: string | null; note: string | null } {
  if (process.getuid?.() !== 0) return { user: null, note: null };
  const { uid, gid } = statSync(tree);
  if (uid !== 0) {
    const user = accountName('/etc/passwd', uid);
    const group = accountName('/etc/group', gid);
    if (user && group) return { user: `${user} ${group}`, note: null };
  }
  const nobody = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((line) => line.split(':')[0] === 'nobody');
  const group = nobody ? accountName('/etc/group', Number(nobody.split(':')[3])) : null;
  if (!nobody || !group)
    throw new UserError(`${tree} belongs to root and there is no user nobody to run nginx's workers as; build the snapshot as an unprivileged user`);
  for (let dir = tree; ; dir = path.dirname(dir)) {
    if ((statSync(dir).mode & 0o005) !== 0o005) {
      throw new UserError(
        `${tree} belongs to root, so nginx's workers would run as nobody, who cannot read ${dir}; build the snapshot as an unprivileged user, or make the path readable (chmod o+rx)`,
      );
    }
    if (dir === path.dirname(dir)) break;
  }
  return { user: `nobody ${group}`, note: `nginx's workers will run as nobody (the snapshot belongs to root; they never run as root)` };
}

async function passableByOthers(prefix: string): Promise<void> {
  const mode = (await stat(prefix)).mode;
  if ((mode & 0o001) === 0) await chmod(prefix, mode | 0o001);
  for (let dir = path.dirname(prefix); ; dir = path.dirname(dir)) {
    if (((await stat(dir)).mode & 0o001) === 0)
      throw new UserError(`--prefix ${prefix}: nginx's workers (another user) cannot pass through ${dir}; choose a prefix they can reach`);
    if (dir === path.dirname(dir)) break;
  }
}

function findNjsModule(): string {
  return NJS_MODULE_CANDIDATES.find((file) => existsSync(file)) ?? NJS_MODULE_CANDIDATES[0]!;
}

/** Writes PREFIX/nginx.conf, PREFIX/nisab-api.js and PREFIX/snapshot.json, and the log, temp and cache folders. */
/**
 * The prefix holds nginx's configuration, logs, cache and socket: inside the
 * snapshot (or its store) it would be served publicly and swept by the next
 * build; at / it would scatter them over the root.
 */
function checkPrefixPlace(prefix: string, given: string, snapshot: readonly string[]): void {
  if (prefix === path.parse(prefix).root) throw new UserError(`--prefix ${given}: not the root folder; name a folder of its own, e.g. /srv/nisab-nginx`);
  for (const place of snapshot) {
    if (prefix === place || prefix.startsWith(place + path.sep)) {
      throw new UserError(
        `--prefix ${given}: inside the snapshot (${place}), where it would be served publicly and swept by the next build; name a folder outside it, e.g. /srv/nisab-nginx`,
      );
    }
  }
}

/** mkdir -p, one level at a time: Node's recursive mkdir says ENOENT where the file system is read-only. */
async function makeFolder(dir: string): Promise<void> {
  if (
    await stat(dir).then(
      (found) => found.isDirectory(),
      () => false,
    )
  )
    return;
  if (path.dirname(dir) !== dir) await makeFolder(path.dirname(dir));
  await mkdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code !== 'EEXIST') throw error;
  });
}

/** Writes under the prefix; a read-only, full or forbidden place is the operator's to fix, said in one line. */
async function writablePrefix(prefix: string, given: string, write: () => Promise<void>): Promise<void> {
  try {
    await write();
  } catch (error) {
    if (!isNotWritable(error)) throw error;
    const { code, path: where } = error as NodeJS.ErrnoException;
    throw new UserError(
      `--prefix ${given}: cannot write ${where ?? prefix} (${code}${code === 'EROFS' ? ': a read-only file system' : ''}); ` +
        "nginx's configuration, logs and cache live there: choose a writable folder, e.g. /srv/nisab-nginx",
    );
  }
}

/** The prefix and the folders nginx writes in. */
function makePrefix(prefix: string, given: string, otherUser: boolean): Promise<void> {
  return writablePrefix(prefix, given, async () => {
    await makeFolder(prefix);
    for (const sub of ['logs', 'temp', 'cache']) await makeFolder(path.join(prefix, sub));
    // Workers of another user reach the cache, temp folders and backend socket under PREFIX
    // (nginx gives them the folders; the socket is 0666): they must be able to pass through it.
    if (otherUser) await passableByOthers(prefix);
  });
}

export async function writeNginxSite(options: NginxSiteOptions): Promise<NginxSite> {
  if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
    throw new UserError(`--port ${options.port}: nginx needs a fixed port from 1 to 65535`);
  }
  const dir = path.resolve(options.dir);
  const prefix = path.resolve(options.prefix);
  const tree = await realpath(dir).catch(() => {
    throw new UserError(`${options.dir}: no such folder; build a snapshot first with: npm run cli -- build --out ${options.dir}`);
  });
  checkPrefixPlace(prefix, options.prefix, [dir, tree, storeOf(dir)]);
  const index = readIndex(tree, options.dir);
  const { answers, bodies, etags } = fastAnswers(tree, index);
  const host = options.host ?? '127.0.0.1';
  const backend = path.join(prefix, 'backend.sock');
  // sun_path holds 108 bytes.
  if (Buffer.byteLength(backend) > 100)
    throw new UserError(`--prefix ${options.prefix}: too long for the backend's socket (${backend}); choose a shorter prefix`);
  const worker = workerUser(tree);

  await makePrefix(prefix, options.prefix, worker.user !== null);
  const mark = await treeMark(tree, options.dir);
  const conf = nginxConf({
    prefix,
    dir,
    tree,
    mark,
    listen: `${host}:${options.port}`,
    backend,
    composer: path.join(prefix, 'compose.sock'),
    njsModule: options.njsModule ?? findNjsModule(),
    user: worker.user,
    fast: answers,
    bodies,
    etags,
    cacheControl: cacheControlTable(index.validUntil, options.now ?? Date.now()),
    largestFile: await largestFile(path.join(tree, 'v1')),
    limits: { ...CONNECTION_LIMITS, ...options.limits },
  });
  const module = await njsModule();
  const saved: SavedSite = { dir, port: options.port, host, njsModule: options.njsModule ?? null };
  await writablePrefix(prefix, options.prefix, async () => {
    await writeFile(path.join(prefix, 'nisab-api.js'), module);
    await writeFile(path.join(prefix, 'snapshot.json'), JSON.stringify({ tree, index, mark }) + '\n');
    await writeFile(path.join(prefix, 'nginx.conf'), conf);
    await writeFile(path.join(prefix, SITE_FILE), JSON.stringify(saved, null, 2) + '\n');
  });
  return { prefix, conf: path.join(prefix, 'nginx.conf'), tree, fastAnswers: answers.size, note: worker.note };
}
