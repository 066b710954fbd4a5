// The nginx edge: PREFIX/nginx.conf, the njs module and its preloaded index, for
// a site that serves a snapshot on 127.0.0.1:PORT with the contract's behaviour.
// Start it with `nginx -p PREFIX -c nginx.conf -g 'daemon off;'` (as any user:
// pid, logs, temp files and the answer cache stay under PREFIX).
//
// Requests are routed by their raw request line, as the router reads it:
//  - the single-file answers of the tree the configuration was written for
//    (found by asking the router itself: latest, nisab, each block of the
//    layout asked for as a range) are plain nginx: from memory (up to 16 KiB) or the file,
//    with the router's headers, while DIR still resolves to that tree;
//  - every other GET or HEAD under a base is proxied to a backend location
//    running the njs module (njs.ts: the shared router), through an answer
//    cache keyed by tree and request while DIR is still that tree;
//  - the other methods run the njs module directly;
//  - anything else is static content from DIR.
// After a build swaps DIR the answers stay right (all of them then come from
// njs) until the configuration is written again and nginx reloaded.
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, readdir, realpath, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { bundle } from '../../bundle.ts';
import { paths } from '../../core/layout.ts';
import { BASES, ENDPOINTS } from '../../core/endpoints.ts';
import { assemble, etagOf, route } from '../../core/router.ts';
import { RoutingIndex } from '../../core/schemas.ts';
import { UserError } from '../../errors.ts';

const NJS_ENTRY = fileURLToPath(new URL('./njs.ts', import.meta.url));

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
}

export interface NginxSite {
  prefix: string;
  conf: string;
  /** DIR resolved: the tree the fast path and the answer cache serve. */
  tree: string;
  /** Requests nginx answers from memory or a file, without njs. */
  fastAnswers: number;
}

// What njs.ts may use: the njs 0.7.9 subset. esbuild lowers what it can
// (optional chaining, ??) and refuses the rest; a spread or Map is refused here.
const NJS_TARGET = {
  external: ['fs', 'crypto'],
  target: 'es2016',
  supported: { destructuring: false, 'for-of': false, class: false, 'default-argument': false, 'rest-argument': false, generator: false },
};
const NJS_LACKS = /\.\.\.[\w$([{]|\bnew (Map|Set|WeakMap|WeakSet)\b|\bURLSearchParams\b/;

/** The njs module: the adapter and the router core in one file njs 0.7.9 loads. */
export async function njsModule(): Promise<string> {
  const code = await bundle(NJS_ENTRY, NJS_TARGET);
  // njs knows `export default <expression>` only.
  const fixed = code.replace(/export \{\n {2}(\w+) as default\n\};\n*$/, 'export default $1;\n');
  if (fixed === code) throw new Error('nginx-njs: unexpected esbuild output (no default export to rewrite)');
  const lacking = NJS_LACKS.exec(fixed);
  if (lacking) throw new Error(`nginx-njs: the bundle uses ${lacking[0]}, which njs 0.7.9 lacks`);
  return fixed;
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

// ---------------------------------------------------------------------------
// The fast path: which requests the router answers with one whole file.

/** The requests worth trying: every whole-file query of every endpoint, on both bases, with and without the trailing slash. */
function candidates(index: RoutingIndex): string[] {
  const urls: string[] = [];
  for (const endpoint of ENDPOINTS) {
    for (const query of endpoint.wholeFileQueries(index)) {
      const search = query === '' ? '' : `?${query}`;
      for (const base of BASES) urls.push(base + endpoint.path + search, base + endpoint.path + '/' + search);
    }
  }
  return urls;
}

/** Request URI -> file, for each candidate the router answers with one whole file, and that answer's ETag. */
function fastAnswers(tree: string, index: RoutingIndex): { answers: Map<string, string>; bodies: Map<string, string>; etags: { [file: string]: string } } {
  const bodies = new Map<string, string>();
  const etags: { [file: string]: string } = {};
  const missing = new Set<string>();
  const answers = new Map<string, string>();
  for (const url of candidates(index)) {
    // Lower-case only: nginx's map finds its keys without case (see nginxConf).
    if (url !== url.toLowerCase()) continue;
    const plan = route({ method: 'GET', url, ifNoneMatch: null }, index);
    if (!plan || plan.status !== 200 || plan.reads.length !== 1) continue;
    const file = plan.reads[0]!.path;
    if (!bodies.has(file) && !missing.has(file)) {
      try {
        bodies.set(file, readFileSync(path.join(tree, file), 'utf8'));
      } catch {
        missing.add(file);
      }
    }
    const body = bodies.get(file);
    if (body === undefined) continue;
    const answer = assemble(plan, [body], index);
    if (answer.parts.length !== 1 || answer.parts[0] !== body) continue;
    etags[file] = answer.etag ?? etagOf(createHash('sha1').update(answer.etagKey).digest('hex'));
    answers.set(url, file);
  }
  // One pass over the answers (a test counts: linear in the files, not their square).
  const answered = new Set(answers.values());
  for (const file of [...bodies.keys()]) if (!answered.has(file)) bodies.delete(file);
  return { answers, bodies, etags };
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

/**
 * Cache-Control of the fast path and the cache, without njs: a table from the
 * current 10^k-second block of $msec to the seconds left until validUntil from
 * the block's end, so max-age never passes the next build (it falls short of the
 * router's by less than one block, 10 s while the build is a day or less away).
 */
function cacheControlTable(validUntil: string, nowMs: number): { digits: number; rows: [string, string][] } {
  const until = Date.parse(validUntil) / 1000;
  const now = nowMs / 1000 - 3600;
  let size = 10;
  while ((until - now) / size > 10_000) size *= 10;
  const rows: [string, string][] = [];
  for (let block = Math.floor(now / size); block * size < until; block++) {
    rows.push([String(block), `public, max-age=${Math.max(0, Math.floor(until - (block + 1) * size))}`]);
  }
  return { digits: 10 - Math.log10(size), rows };
}

// ---------------------------------------------------------------------------
// Writing nginx's configuration language.

/** A path, name or header value as one token (quoted when it must be). */
function q(value: string): string {
  if (/['\\$\n]/.test(value) && !/^"[0-9a-f]+"$/.test(value)) throw new Error(`nginx-site: cannot write ${JSON.stringify(value)} in nginx.conf`);
  return /["\s;{}#]/.test(value) || value === '' ? `'${value}'` : value;
}

// nginx reads a token of at most 4 KiB; a body is cut into pieces that fit.
const TOKEN_BYTES = 3800;
/** Single-file answers up to this size are served from memory, larger ones from their file. */
const MEMORY_BYTES = 16 * 1024;

/** Text in single quotes, byte for byte: \ and ' escaped, $ through a variable that holds "$". */
function quoteText(text: string): string {
  return `'${text.replace(/[\\']/g, (c) => '\\' + c).replace(/\$/g, () => '${nisab_dollar}')}'`;
}

/** `return 200 BODY` for a body of any length: pieces in variables, the last one in the return itself. */
export function returnBody(body: string): string[] {
  const pieces: string[] = [];
  let rest = body;
  do {
    let take = Math.min(rest.length, TOKEN_BYTES);
    while (Buffer.byteLength(quoteText(rest.slice(0, take))) > TOKEN_BYTES) take = Math.floor(take * 0.9);
    // Never between the two halves of a surrogate pair.
    if (take < rest.length && /[\udc00-\udfff]/.test(rest.charAt(take))) take--;
    pieces.push(rest.slice(0, take));
    rest = rest.slice(take);
  } while (rest.length > 0);
  const last = pieces.length - 1;
  const sets = pieces.slice(0, last).map((piece, i) => `set $nisab_piece${i} ${quoteText(piece)};`);
  const refs = pieces.slice(0, last).map((_, i) => `\${nisab_piece${i}}`).join('');
  return [...sets, `return 200 '${refs}${quoteText(pieces[last]!).slice(1)};`];
}

function nextPowerOfTwo(n: number): number {
  let p = 64;
  while (p < n) p *= 2;
  return p;
}

/** `user` for a master started as root: the owner of the snapshot, so the workers can read it (and no more). */
function workerUser(tree: string): string | null {
  if (process.getuid?.() !== 0) return null;
  const { uid, gid } = statSync(tree);
  const name = (file: string, id: number) => {
    const row = readFileSync(file, 'utf8').split('\n').find((line) => line.split(':')[2] === String(id));
    return row ? row.split(':')[0]! : null;
  };
  const user = name('/etc/passwd', uid);
  const group = name('/etc/group', gid);
  return user && group ? `${user} ${group}` : null;
}

function findNjsModule(): string {
  return NJS_MODULE_CANDIDATES.find((file) => existsSync(file)) ?? NJS_MODULE_CANDIDATES[0]!;
}

export interface ConfInput {
  prefix: string;
  dir: string;
  tree: string;
  listen: string;
  upstream: string;
  njsModule: string;
  user: string | null;
  /** Request URI -> file of the fast path, and the files' texts. */
  fast: Map<string, string>;
  bodies: Map<string, string>;
  etags: { [file: string]: string };
  cacheControl: { digits: number; rows: [string, string][] };
  largestFile: number;
}

const REFUSED = [400, 405, 413, 414, 494, 501, 505];
/** Where error pages redirect to (see the $nisab_target map). */
const INTERNAL_TARGETS = ['/_nisab/proxied', '/_nisab/api', ...REFUSED.map((code) => `/_nisab/refused/${code}`)];

/** The proxy to the njs backend: the request named in headers, nothing nginx would act on passed on. */
function proxyToBackend(indent: string): string {
  return [
    'proxy_pass http://nisab_backend/_nisab/compose;',
    'proxy_http_version 1.1;',
    'proxy_method GET;',
    'proxy_pass_request_body off;',
    'proxy_set_header Connection "";',
    'proxy_set_header Content-Length "";',
    'proxy_set_header X-Nisab-Request-Line $request;',
    'proxy_set_header X-Nisab-Tree $nisab_tree;',
    'proxy_set_header X-Nisab-If-None-Match $http_if_none_match;',
    'proxy_set_header If-None-Match "";',
    'proxy_set_header If-Match "";',
    'proxy_set_header If-Modified-Since "";',
    'proxy_set_header If-Unmodified-Since "";',
    'proxy_set_header If-Range "";',
    'proxy_set_header Range "";',
    // A client that half-closes after its request still reads the answer.
    'proxy_ignore_client_abort on;',
    'max_ranges 0;',
  ]
    .map((line) => indent + line)
    .join('\n');
}

/** error_page lists replace the server's, so every location that has its own repeats these. */
function refusedPages(indent: string): string {
  return REFUSED.map((code) => `${indent}error_page ${code} = /_nisab/refused/${code};`).join('\n');
}

/** The router's headers on a single-file answer (add_header: only where a location adds none itself). */
const FAST_HEADERS = `types { }
            default_type "application/json; charset=utf-8";
            add_header Access-Control-Allow-Origin *;
            add_header Cache-Control $nisab_cache_control;
            add_header Access-Control-Expose-Headers ETag;
            add_header ETag $nisab_etag;`;

export function nginxConf(o: ConfInput): string {
  const p = (name: string) => q(path.join(o.prefix, name));
  const inMemory = (file: string) => Buffer.byteLength(o.bodies.get(file) ?? '') <= MEMORY_BYTES && o.bodies.has(file);
  const target = (file: string) => (inMemory(file) ? `mem/${file}` : `file/${file}`);
  const fastKeys = [...o.fast.keys()];
  const fastFiles = [...new Set(o.fast.values())].sort();
  const longestKey = Math.max(64, ...fastKeys.map((key) => 2 * key.length + 32), 2 * o.tree.length + 32);
  const entries = Math.max(fastKeys.length, o.cacheControl.rows.length, fastFiles.length);
  const lines = (rows: string[], indent = '        ') => rows.map((row) => indent + row).join('\n');
  const memoryLocations = fastFiles.filter(inMemory).flatMap((file) => [
    `location = /_nisab/mem/${file} {`,
    '    internal;',
    ...returnBody(o.bodies.get(file)!).map((line) => '    ' + line),
    '}',
  ]);
  return `# Written by \`nisab-api nginx\` for ${o.dir} (now ${o.tree}).
# Start: nginx -p ${o.prefix} -c nginx.conf -g 'daemon off;'
# After each build, write it again and reload: nginx -p ${o.prefix} -c nginx.conf -s reload
# (until then the answers are still right, but all of them come from njs).
load_module ${q(o.njsModule)};
${o.user ? `user ${o.user};\n` : ''}worker_processes auto;
pid ${p('nginx.pid')};
error_log ${p('logs/error.log')} warn;

events {
    worker_connections 1024;
}

http {
    access_log ${p('logs/access.log')} combined buffer=64k flush=1s;
    client_body_temp_path ${p('temp/client_body')};
    proxy_temp_path ${p('temp/proxy')};
    fastcgi_temp_path ${p('temp/fastcgi')};
    uwsgi_temp_path ${p('temp/uwsgi')};
    scgi_temp_path ${p('temp/scgi')};
    server_tokens off;
    # sendfile stays off (nginx's default): answers are small, and reading them
    # into the response costs less than a sendfile call each.
    # DIR is a link that each build swaps: files are opened anew on every request
    # (only the fast path keeps the files of the tree written for open, see there).
    open_file_cache off;
    # Request lines up to 32k (the preview's Node takes 16k of headers).
    large_client_header_buffers 4 32k;
    # The njs module reads files with fs; a subrequest for the biggest file of
    # the snapshot (${o.largestFile} bytes) would fit all the same.
    subrequest_output_buffer_size ${Math.ceil(o.largestFile / 4096) * 4096 + 4096};
    map_hash_max_size ${nextPowerOfTwo(Math.max(2048, entries * 4))};
    map_hash_bucket_size ${nextPowerOfTwo(longestKey)};
    types {
        text/html html;
        application/json json;
        text/javascript js mjs;
        text/css css;
        image/svg+xml svg;
        image/png png;
        image/x-icon ico;
        text/plain txt;
    }
    default_type application/octet-stream;

    js_import nisab from ${p('nisab-api.js')};
    js_preload_object nisab_snapshot from ${p('snapshot.json')};

    # Where a request goes (the server rewrites to $nisab_target):
    #   /_nisab/mem/FILE   a plain GET or HEAD (no condition, no range) of a single-file
    #   /_nisab/file/FILE  answer, while DIR is still the tree written for: from memory or the file
    #   /_nisab/cached     any other plain GET or HEAD under a base, while DIR is still that
    #                      tree: the answer cache in front of the njs backend
    #   /_nisab/proxied    any other GET or HEAD under a base: the njs backend
    #   /_nisab/api        the other methods under a base: njs
    #   (none)             static content
    # An error page's internal redirect runs the server's rewrites again: it
    # stays where it is ($uri is volatile).
    map $uri $nisab_target {
        volatile;
        default $nisab_route;
${lines(INTERNAL_TARGETS.map((uri) => `${uri} "";`))}
    }
    map "$request_method:$http_if_none_match$http_if_match$http_if_modified_since$http_if_unmodified_since$http_range" $nisab_route {
        default $nisab_route_other;
        GET: $nisab_route_plain;
        HEAD: $nisab_route_plain;
    }
    map $nisab_fast $nisab_route_plain {
        "" $nisab_route_cached;
        default $nisab_route_fast;
    }
    map $nisab_tree $nisab_route_fast {
        default /_nisab/proxied;
        ${q(o.tree)} /_nisab/$nisab_fast;
    }
    map $nisab_api $nisab_route_cached {
        0 "";
        default $nisab_route_tree;
    }
    map $nisab_tree $nisab_route_tree {
        default /_nisab/proxied;
        ${q(o.tree)} /_nisab/cached;
    }
    map $nisab_api $nisab_route_other {
        0 "";
        default $nisab_route_method;
    }
    map $request_method $nisab_route_method {
        default /_nisab/api;
        GET /_nisab/proxied;
        HEAD /_nisab/proxied;
    }
    # DIR resolved, once per request ($realpath_root itself is not kept).
    map $realpath_root $nisab_tree {
        "~^(?<nisab_realpath>.*)$" $nisab_realpath;
    }

    # Under an API base, by the raw request line as the router reads it (not nginx's normalised $uri).
    map $request_uri $nisab_api {
        default 0;
        "~^/(index\\.php/)?api/v1([/?]|$)" 1;
    }

    # The single-file answers: request URI -> mem/FILE or file/FILE. map finds
    # its keys without case, and every URI here is lower-case: one with a
    # capital (/api/v1/Meta) is not one of them.
    map $request_uri $nisab_fast_entry {
        default "";
${lines(fastKeys.map((key) => `${q(key)} ${target(o.fast.get(key)!)};`))}
    }
    map $nisab_fast_entry $nisab_fast {
        "" "";
        default $nisab_fast_exact;
    }
    map $request_uri $nisab_fast_exact {
        "~[A-Z]" "";
        default $nisab_fast_entry;
    }
    map $nisab_fast $nisab_etag {
        default "";
${lines(fastFiles.map((file) => `${target(file)} ${q(o.etags[file]!)};`))}
    }

    # max-age of the fast path and the cache: the seconds left until validUntil
    # at the end of the current block of 10^${10 - o.cacheControl.digits} s of $msec (never past it; 0 after).
    map $msec $nisab_clock {
        "~^(?<nisab_block>[0-9]{${o.cacheControl.digits}})" $nisab_block;
    }
    map $nisab_clock $nisab_cache_control {
        default ${q('public, max-age=0')};
${lines(o.cacheControl.rows.map(([block, value]) => `${block} ${q(value)};`))}
    }
    # "$" in an answer served from memory.
    geo $nisab_dollar {
        default "$";
    }

    # Answers the router composes, kept per tree and request (a tree never changes).
    proxy_cache_path ${p('cache')} levels=1:2 keys_zone=nisab_answers:8m max_size=512m inactive=1d use_temp_path=off;
    upstream nisab_backend {
        server ${o.upstream};
        keepalive 16;
    }

    server {
        listen ${o.listen};
        server_name _;
        root ${q(o.dir)};
        index index.html;

        # What nginx refuses before any location (a URI climbing above the root,
        # TRACE, oversized lines, HTTP/2.0 in the request line, an unknown
        # Transfer-Encoding) still gets the router's answer under a base, and
        # JSON elsewhere.
${refusedPages('        ')}

        if ($nisab_target) {
            rewrite ^ $nisab_target? last;
        }

        # Static content: open to browsers, revalidated on every use (as Pages' _headers says).
        location / {
            add_header Access-Control-Allow-Origin *;
            add_header Cache-Control "public, max-age=0, must-revalidate";
        }

        # Single-file answers up to ${MEMORY_BYTES / 1024} KiB, as the tree written for holds them.
        location ^~ /_nisab/mem/ {
            internal;
            ${FAST_HEADERS}
${lines(memoryLocations, '            ')}
        }

        # Larger single-file answers: the files of the tree written for, which
        # $nisab_route_fast has just found DIR to be for this request. That tree
        # never changes, so here (and only here) files may stay open.
        location ^~ /_nisab/file/ {
            internal;
            alias ${q(o.tree + '/')};
            open_file_cache max=1024 inactive=1h;
            open_file_cache_valid 1h;
            etag off;
            if_modified_since off;
            max_ranges 0;
            add_header Last-Modified "";
            ${FAST_HEADERS}
            # The tree went away meanwhile: the router answers from the current one.
            error_page 403 404 = /_nisab/proxied;
${refusedPages('            ')}
        }

        # The locations below also take requests whose raw path climbs into them
        # (/api/v1/../../_nisab/api): each answers from the raw request line.
        location = /_nisab/cached {
${proxyToBackend('            ')}
            proxy_cache nisab_answers;
            proxy_cache_key "$nisab_tree $request_uri";
            proxy_cache_valid 200 400 404 30d;
            proxy_cache_lock on;
            proxy_ignore_headers Cache-Control Expires;
            # max-age counts down from now, not from when the answer was composed.
            proxy_hide_header Cache-Control;
            add_header Cache-Control $nisab_cache_control always;
            error_page 502 504 = /_nisab/api;
${refusedPages('            ')}
        }

        location = /_nisab/proxied {
${proxyToBackend('            ')}
            error_page 502 504 = /_nisab/api;
${refusedPages('            ')}
        }

        location ^~ /_nisab/refused/ {
${proxyToBackend('            ')}
            proxy_set_header X-Nisab-Refused $uri;
        }

        # The backend: the router, for the request the front names in X-Nisab-* headers.
        location ^~ /_nisab/compose {
            access_log off;
            default_type "";
            js_content nisab.compose;
            error_page 500 502 503 504 = @nisab_unavailable;
${refusedPages('            ')}
        }

        # The other methods (OPTIONS, 405), and GET or HEAD when the backend is
        # unreachable. njs reads a request body before it runs: a body of more
        # than a few bytes is a 413, whose error page (the backend) answers 405.
        location ^~ /_nisab/api {
            client_max_body_size 1k;
            default_type "";
            js_content nisab.handle;
            error_page 500 502 503 504 = @nisab_unavailable;
${refusedPages('            ')}
        }

        location @nisab_unavailable {
            default_type "application/json; charset=utf-8";
            add_header Access-Control-Allow-Origin * always;
            add_header Cache-Control no-store always;
            return 503 '{"success":false,"message":"the snapshot is not readable; build it again"}\\n';
        }
    }
}
`;
}

/** Writes PREFIX/nginx.conf, PREFIX/nisab-api.js and PREFIX/snapshot.json, and the log, temp and cache folders. */
export async function writeNginxSite(options: NginxSiteOptions): Promise<NginxSite> {
  if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
    throw new UserError(`--port ${options.port}: nginx needs a fixed port from 1 to 65535`);
  }
  const dir = path.resolve(options.dir);
  const prefix = path.resolve(options.prefix);
  const tree = await realpath(dir).catch(() => {
    throw new UserError(`${options.dir}: no such folder; build a snapshot first with: npm run cli -- build --out ${options.dir}`);
  });
  const index = readIndex(tree, options.dir);
  const { answers, bodies, etags } = fastAnswers(tree, index);
  const host = options.host ?? '127.0.0.1';

  await mkdir(prefix, { recursive: true });
  for (const sub of ['logs', 'temp', 'cache']) await mkdir(path.join(prefix, sub), { recursive: true });
  const conf = nginxConf({
    prefix,
    dir,
    tree,
    listen: `${host}:${options.port}`,
    upstream: `${host === '0.0.0.0' ? '127.0.0.1' : host}:${options.port}`,
    njsModule: options.njsModule ?? findNjsModule(),
    user: workerUser(tree),
    fast: answers,
    bodies,
    etags,
    cacheControl: cacheControlTable(index.validUntil, options.now ?? Date.now()),
    largestFile: await largestFile(path.join(tree, 'v1')),
  });
  await writeFile(path.join(prefix, 'nisab-api.js'), await njsModule());
  await writeFile(path.join(prefix, 'snapshot.json'), JSON.stringify({ tree, index }) + '\n');
  await writeFile(path.join(prefix, 'nginx.conf'), conf);
  return { prefix, conf: path.join(prefix, 'nginx.conf'), tree, fastAnswers: answers.size };
}
