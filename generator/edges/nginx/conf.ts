// The configuration template: PREFIX/nginx.conf from what site.ts found out
// (see site.ts for how requests are routed).
import path from 'node:path';
import { staticNotFound, unreadable, edgeError } from '../../router/respond.ts';
import { contentType, OTHER_KIND, STATIC_HEADERS, STATIC_KINDS, UNSERVED_FILES } from '../../router/static.ts';
import { BASES } from '../../router/endpoints.ts';
import { PARAMETERS } from '../../router/parameters.ts';
import { MEMORY_BYTES, q, quoteText, returnBody } from './quoting.ts';
import { SPOOL_SECONDS } from './spool.ts';

function nextPowerOfTwo(n: number): number {
  let p = 64;
  while (p < n) p *= 2;
  return p;
}

/**
 * What one client can hold of the site, and for how long (docs/deploying.md,
 * "What one client can hold"). Seconds, counts and KiB; tests shorten them.
 */
export interface ConnectionLimits {
  /** `auto`: one worker per core. */
  workerProcesses: number | 'auto';
  /**
   * Connections each worker holds at once: clients' (reading a header, busy or
   * idle between requests), the front's to its backend and the backend's to
   * the composer, whose ends the backend and the composer hold too. Idle
   * keep-alive connections are given up first when the table fills; a
   * half-sent header holds its place until the header timeout.
   */
  workerConnections: number;
  /** The whole header of a request (not each read), from its first byte or the connection's opening. */
  clientHeaderTimeout: number;
  /** Between two reads of a body (only refused methods send one: they get a 405). */
  clientBodyTimeout: number;
  /** Between two writes of an answer to a client that does not read it. */
  sendTimeout: number;
  /** An idle connection between requests. */
  keepaliveTimeout: number;
  keepaliveRequests: number;
  /** Old workers of a reload end after this even if a connection is still open (see CLOSE_WHEN_STALE). */
  workerShutdownTimeout: number;
  /** Header lines up to this size (KiB), at most four of them at once: what one connection's header may take. */
  largeHeaderBufferKiB: number;
  /** The answer cache's size on disk (MiB): nginx's cache manager removes the least recently used answers beyond it. */
  cacheMaxSizeMiB: number;
}

/**
 * A public origin usually behind a CDN. 4,096 connections a worker (an attack
 * that half-sends headers must hold that many per core, each for at most 10 s;
 * the issue's 2,200 filled 2 × 1,024); at most 4 × 16 KiB of header each, so
 * about 70 KiB a connection and 280 MiB a worker if every one held the most.
 * File descriptors: twice the connections (open files of the fast path and the
 * cache besides). Timeouts: a header is a few hundred bytes that any client
 * sends at once; no answer is larger than a few hundred KiB.
 */
export const CONNECTION_LIMITS: ConnectionLimits = {
  workerProcesses: 'auto',
  workerConnections: 4096,
  clientHeaderTimeout: 10,
  clientBodyTimeout: 10,
  sendTimeout: 10,
  keepaliveTimeout: 60,
  keepaliveRequests: 1000,
  workerShutdownTimeout: 30,
  largeHeaderBufferKiB: 16,
  cacheMaxSizeMiB: 512,
};

export interface ConfInput {
  prefix: string;
  dir: string;
  tree: string;
  /** The tree's mark (v1/mark/HEX.json): DIR still holds the tree exactly when DIR/mark exists. */
  mark: string;
  listen: string;
  /** The backend's unix socket: the njs router, reachable only from this site's front. */
  backend: string;
  /** The composer's unix socket (njs), reachable only from the backend. */
  composer: string;
  njsModule: string;
  user: string | null;
  /** Request URI -> file of the fast path, and the files' texts. */
  fast: Map<string, string>;
  bodies: Map<string, string>;
  etags: { [file: string]: string };
  cacheControl: { digits: number; rows: [string, string][] };
  largestFile: number;
  limits: ConnectionLimits;
}

/** What nginx refuses before any location; each gets the router's answer under a base, JSON elsewhere. */
const REFUSED = [400, 405, 413, 414, 494, 501, 505];
/** Where error pages and the odd handler redirect to: the server's rewrite leaves them alone (see $nisab_target). */
const INTERNAL_TARGETS = ['/_nisab/proxied', '/_nisab/api', ...REFUSED.map((code) => `/_nisab/refused/${code}`)];

/**
 * The queries the answer cache admits: only the API's own parameters, each at
 * most once, each value of plain characters (a date, an ID or slug, a code), so
 * a junk parameter, a repeated one or an encoded value cannot make new keys
 * (such a request is answered by the router, never kept). The regular
 * expression for nginx's map over $args.
 */
export function cacheableQuery(): string {
  const names = Object.keys(PARAMETERS).sort().join('|');
  const pair = `(?:${names})=[A-Za-z0-9-]{1,32}`;
  return `^(?!(?:.*&)?(${names})=.*&\\1=)${pair}(?:&${pair}){0,${Object.keys(PARAMETERS).length - 1}}$`;
}

function escapeRegex(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The headers the front names the request with. Every one is always set (empty
 * when unused): a client's own X-Nisab-* header never reaches the backend.
 */
function proxyToBackend(indent: string, refused: string, tree = '""', ifNoneMatch = '$http_if_none_match', framing = '""', mark = '""'): string {
  return [
    'proxy_pass http://nisab_backend/_nisab/compose;',
    'proxy_http_version 1.1;',
    'proxy_method GET;',
    'proxy_pass_request_body off;',
    // The router reads only X-Nisab-*: the client's own headers stay at the front
    // (the backend is nginx too, and would refuse a repeated Authorization again).
    'proxy_pass_request_headers off;',
    'proxy_set_header Connection "";',
    'proxy_set_header Content-Length "";',
    // The router reads what the cache key reads: $request_uri (absolute-form and
    // extra spaces in the request line do not change it), and the client's method.
    'proxy_set_header X-Nisab-Method $nisab_method;',
    'proxy_set_header X-Nisab-URI $request_uri;',
    'proxy_set_header X-Nisab-Request-Line $nisab_request_line;',
    `proxy_set_header X-Nisab-Tree ${tree};`,
    `proxy_set_header X-Nisab-Mark ${mark};`,
    `proxy_set_header X-Nisab-If-None-Match ${ifNoneMatch};`,
    `proxy_set_header X-Nisab-Refused ${refused};`,
    `proxy_set_header X-Nisab-Framing ${framing};`,
    // A client that half-closes after its request still reads the answer.
    'proxy_ignore_client_abort on;',
    'max_ranges 0;',
  ]
    .map((line) => indent + line)
    .join('\n');
}

/**
 * error_page lists replace the server's, so every location that has its own
 * repeats these: what nginx refuses goes to the router, a missing file is the
 * core's static 404 envelope, a range past the end an envelope too.
 */
function errorPages(indent: string, notFound = '@nisab_not_found'): string {
  return [...REFUSED.map((code) => `error_page ${code} = /_nisab/refused/${code};`), `error_page 403 404 ${notFound};`, 'error_page 416 @nisab_range;']
    .map((line) => indent + line)
    .join('\n');
}

/**
 * On every answer of the front (add_header: each location that adds headers of
 * its own repeats it). Once a build has swapped DIR, the workers of this
 * configuration are about to be replaced by a reload: a client told to close
 * the connection after its answer never sends its next request on a connection
 * an old worker is closing (nginx closes it without a word when it exits, and a
 * request that meets that close is reset). Empty (no header) while DIR holds the
 * tree written for.
 */
const CLOSE_WHEN_STALE = 'add_header Connection $nisab_connection always;';

/** `return STATUS 'body'` of one of the core's answers, with its headers (always: also on error statuses). */
function fixedAnswer(indent: string, answer: { status: number; headers: { [name: string]: string }; body: string }, front = true): string {
  const headers = Object.keys(answer.headers).filter((name) => name !== 'content-type');
  return [
    // No types: a missing /x.json is still answered as the envelope's type, not the extension's.
    'types { }',
    `default_type ${q(answer.headers['content-type']!)};`,
    ...headers.map((name) => `add_header ${name} ${q(answer.headers[name]!)} always;`),
    ...(front ? [CLOSE_WHEN_STALE] : []),
    `return ${answer.status} ${quoteText(answer.body)};`,
  ]
    .map((line) => indent + line)
    .join('\n');
}

/**
 * The backend's request to the composer: the front's X-Nisab-* headers as
 * they came. X-Accel-Expires (0: an answer not to keep) goes on to the front,
 * whose answer cache reads it.
 */
function composerProxy(indent: string): string {
  return ['proxy_http_version 1.1;', 'proxy_set_header Connection "";', 'proxy_pass_header X-Accel-Expires;', 'error_page 502 504 = @nisab_unavailable;']
    .map((line) => indent + line)
    .join('\n');
}

/**
 * The static seam's headers (router/static.ts), on files served as they are:
 * CORS, and each kind's Cache-Control by $nisab_static_cache (add_header: only
 * where a location adds none itself).
 */
function staticHeaders(indent: string): string {
  const cors = Object.keys(STATIC_HEADERS).filter((name) => name !== 'cache-control');
  return [...cors.map((name) => `add_header ${name} ${q(STATIC_HEADERS[name]!)};`), 'add_header Cache-Control $nisab_static_cache;', CLOSE_WHEN_STALE]
    .map((line) => indent + line)
    .join('\n');
}

/**
 * A folder's path, as the static seam answers it: without its slash, 307 to the
 * path with it (for GET and HEAD; 405 for another method, as on a file); a
 * folder without an index.html, the 404 (nginx's own are a 301 to an absolute
 * URL and a 403). The Location is the target as sent with a slash after its path.
 */
function staticFolder(indent: string): string {
  return [
    'set $nisab_folder "";',
    'if (-d $request_filename) {',
    '    set $nisab_folder "$nisab_slashless:bare";',
    '}',
    'if (-f $request_filename/index.html) {',
    '    set $nisab_folder "$nisab_slashless:$request_method";',
    '}',
    'if ($nisab_folder ~ "^1:(GET|HEAD)$") {',
    '    return 307 $nisab_with_slash;',
    '}',
    'if ($nisab_folder ~ ":bare$") {',
    '    return 404;',
    '}',
    'if ($nisab_folder ~ "^1:") {',
    '    return 405;',
    '}',
  ]
    .map((line) => indent + line)
    .join('\n');
}

/** Every kind's full Content-Type by its extensions (charset included: no charset_types to keep beside it). */
function staticTypes(indent: string): string {
  const byType = new Map<string, string[]>();
  for (const extension of Object.keys(STATIC_KINDS)) {
    const type = contentType(STATIC_KINDS[extension]!);
    byType.set(type, [...(byType.get(type) ?? []), plainExtension(extension)]);
  }
  return [...byType].map(([type, extensions]) => `${indent}${q(type)} ${extensions.join(' ')};`).join('\n');
}

/** An extension of STATIC_KINDS as it is written into the configuration (a regular expression, a types entry). */
function plainExtension(extension: string): string {
  if (!/^[a-z0-9]+$/.test(extension)) throw new Error(`nginx-site: the static kind ${JSON.stringify(extension)} is not a plain extension`);
  return extension;
}

/** Each kind's Cache-Control where it is not STATIC_HEADERS' (by the file's extension, the index's for a folder). */
function staticCacheMap(indent: string): string {
  const rows = Object.keys(STATIC_KINDS)
    .filter((extension) => STATIC_KINDS[extension]!.cache !== STATIC_HEADERS['cache-control'])
    .map((extension) => `"~*\\.${plainExtension(extension)}$" ${q(STATIC_KINDS[extension]!.cache)};`);
  return [`default ${q(STATIC_HEADERS['cache-control']!)};`, ...rows].map((row) => indent + row).join('\n');
}

/** The router's headers on a single-file answer, or (with no Content-Type) on its 304. */
const fastHeaders = (contentType: string) => `types { }
            default_type "${contentType}";
            add_header Access-Control-Allow-Origin *;
            add_header Cache-Control $nisab_cache_control;
            add_header Access-Control-Expose-Headers ETag;
            add_header ETag $nisab_etag;
            add_header X-Nisab-Path fast;
            ${CLOSE_WHEN_STALE}`;
const FAST_HEADERS = fastHeaders('application/json; charset=utf-8');

/** Each row of a map or location, indented. */
function lines(rows: string[], indent = '        '): string {
  return rows.map((row) => indent + row).join('\n');
}

/** A file under the prefix, quoted for the configuration. */
function prefixed(o: ConfInput): (name: string) => string {
  return (name: string) => q(path.join(o.prefix, name));
}

function inMemory(o: ConfInput, file: string): boolean {
  return Buffer.byteLength(o.bodies.get(file) ?? '') <= MEMORY_BYTES && o.bodies.has(file);
}

/** Where the fast path serves a file from: mem/FILE (a location of its own) or file/FILE. */
function fastTarget(o: ConfInput, file: string): string {
  return inMemory(o, file) ? `mem/${file}` : `file/${file}`;
}

function fastFilesOf(o: ConfInput): string[] {
  return [...new Set(o.fast.values())].sort();
}

/** The main context: the module, the workers and what one of them may hold. */
function mainContext(o: ConfInput): string {
  const p = prefixed(o);
  return `# Written by \`nisab-api nginx\` for ${o.dir} (now ${o.tree}).
# Start: nginx -p ${o.prefix} -c nginx.conf -g 'daemon off;'
# After each build it is written again and nginx reloaded: build --nginx-prefix ${o.prefix}
# (until then the answers are still right, but all of them come from njs).
load_module ${q(o.njsModule)};
${o.user ? `user ${o.user};\n` : ''}worker_processes ${o.limits.workerProcesses};
# Every request goes through a few regular-expression maps (see $nisab_odd).
pcre_jit on;
pid ${p('nginx.pid')};
error_log ${p('logs/error.log')} warn;
# What one client can hold (docs/deploying.md): a connection is a file descriptor,
# and so is each file open; old workers of a reload end in bounded time.
worker_rlimit_nofile ${2 * o.limits.workerConnections};
worker_shutdown_timeout ${o.limits.workerShutdownTimeout}s;

events {
    worker_connections ${o.limits.workerConnections};
}`;
}

/** The http block's own settings: files, logs, timeouts and header buffers. */
function httpSettings(o: ConfInput): string {
  const p = prefixed(o);
  return `http {
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
    # A client that half-sends a header, sends nothing or reads nothing loses
    # its connection in bounded time, and a timed-out one is reset (its memory
    # freed at once, not kept through a FIN_WAIT). No limit_conn: it counts only
    # requests whose header has arrived (never a half-sent one), and behind a
    # CDN every client shares the CDN's few addresses (docs/deploying.md).
    client_header_timeout ${o.limits.clientHeaderTimeout}s;
    client_body_timeout ${o.limits.clientBodyTimeout}s;
    send_timeout ${o.limits.sendTimeout}s;
    keepalive_timeout ${o.limits.keepaliveTimeout}s;
    keepalive_requests ${o.limits.keepaliveRequests};
    reset_timedout_connection on;
    lingering_time 10s;
    # Request lines up to ${o.limits.largeHeaderBufferKiB}k, as the preview's Node takes 16k of headers
    # (the backend takes twice that: it gets the line twice, see proxyToBackend).
    large_client_header_buffers 4 ${o.limits.largeHeaderBufferKiB}k;`;
}

/** Buffer and map sizes (from the snapshot's largest file and the longest map), types and the njs module. */
function mapSizesAndModules(o: ConfInput): string {
  const p = prefixed(o);
  const fastKeys = [...o.fast.keys()];
  const longestKey = Math.max(64, ...fastKeys.map((key) => 2 * key.length + 32));
  const entries = Math.max(fastKeys.length, o.cacheControl.rows.length, fastFilesOf(o).length);
  return `    # The njs module reads files with fs; a subrequest for the biggest file of
    # the snapshot (${o.largestFile} bytes) would fit all the same.
    subrequest_output_buffer_size ${Math.ceil(o.largestFile / 4096) * 4096 + 4096};
    map_hash_max_size ${nextPowerOfTwo(Math.max(2048, entries * 4))};
    map_hash_bucket_size ${nextPowerOfTwo(longestKey)};
    # Static files typed by the static seam's table (router/static.ts), text and
    # JSON with their charset, as the preview and Cloudflare's _headers send them.
    # (The API's answers name theirs in their own type.)
    types {
${staticTypes('        ')}
    }
    default_type ${q(contentType(OTHER_KIND))};

    js_import nisab from ${p('nisab-api.js')};
    js_preload_object nisab_snapshot from ${p('snapshot.json')};
    js_set $nisab_if_none_match_lines nisab.ifNoneMatchLines;
    js_set $nisab_framing nisab.framing;`;
}

/** The chain of maps that picks $nisab_target, where the server rewrites a request to. */
function routeMaps(): string {
  return `    # Where a request goes (the server rewrites to $nisab_target):
    #   /_nisab/odd        a target the URL parser reads otherwise than nginx (dot segments,
    #                      a backslash, a fragment): njs resolves it as every server does
    #   /_nisab/mem/FILE   a plain GET or HEAD (no condition, no range; or If-None-Match of
    #                      one ETag of the build's form, not its own) of a single-file
    #   /_nisab/file/FILE  answer, while DIR is still the tree written for: from memory or the file
    #   /_nisab/not-modified  a GET or HEAD of a single-file answer with If-None-Match its
    #                      ETag alone, while DIR is still that tree: 304
    #   /_nisab/cached     any other plain GET or HEAD under a base, or one with If-None-Match
    #                      of one ETag alone, while DIR is still that
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
        "~^/_nisab/static/" "";
    }
    map $nisab_odd $nisab_route {
        1 /_nisab/odd;
        default $nisab_route_plainness;
    }
    map "$request_method:$http_if_none_match$http_if_match$http_if_modified_since$http_if_unmodified_since$http_range" $nisab_route_plainness {
        default $nisab_route_other;
        GET: $nisab_route_plain;
        HEAD: $nisab_route_plain;
        # A revalidation: If-None-Match of one ETag in the form the build writes, no
        # other condition. A single file's is compared here, a composed answer's by the
        # cache when it holds the answer (the router's comparison gives the same 304).
        "~^(GET|HEAD):\\"[0-9a-f]{40}\\"$" $nisab_route_revalidation;
    }
    map $nisab_fast $nisab_route_revalidation {
        "" $nisab_route_cached;
        default $nisab_route_same_etag;
    }
    map "$nisab_current$nisab_same_etag" $nisab_route_same_etag {
        default $nisab_route_fast;
        11 /_nisab/not-modified;
    }
    map "$nisab_etag $http_if_none_match" $nisab_same_etag {
        default 0;
        '~^("[0-9a-f]{40}") \\1$' 1;
    }
    # The cache's own 304 (a kept answer revalidated) has no Content-Length; the
    # router's, passed on, and the other servers' say 0.
    map "$status:$sent_http_content_length" $nisab_not_modified_length {
        default "";
        "304:" 0;
    }
    map $nisab_fast $nisab_route_plain {
        "" $nisab_route_cached;
        default $nisab_route_fast;
    }
    map $nisab_current $nisab_route_fast {
        default /_nisab/proxied;
        1 /_nisab/$nisab_fast;
    }
    map $nisab_api $nisab_route_cached {
        0 "";
        default $nisab_route_tree;
    }
    map "$nisab_current$nisab_cacheable" $nisab_route_tree {
        default /_nisab/proxied;
        11 /_nisab/cached;
    }`;
}

/** What the route maps read of the request: its query, method, line, base and oddness. */
function requestMaps(): string {
  const underBase = `~^(${BASES.map(escapeRegex).join('|')})([/?]|$)`;
  return `    # What the answer cache admits (cacheableQuery): no query, or the API's own parameters once each.
    map $args $nisab_cacheable {
        default 0;
        "" 1;
        "~${cacheableQuery()}" 1;
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
    # The raw line, for the backend to read what nginx refused before $request_uri was set;
    # not a line too long for the backend's own header buffers (414, 494: it answers those alone).
    map $uri $nisab_request_line {
        volatile;
        default $request;
        /_nisab/refused/414 "";
        /_nisab/refused/494 "";
    }
    # The client's method, from its request line (an error page's redirect makes $request_method GET).
    map $request $nisab_method {
        default "";
        "~^(?<nisab_method_token>[^ ]+) " $nisab_method_token;
    }

    # Under an API base, by the request target as sent (not nginx's decoded, merged $uri).
    map $request_uri $nisab_api {
        default 0;
        "${underBase}" 1;
    }
    # Targets whose path a URL parser resolves (normalizeTarget in the router core).
    map $request_uri $nisab_odd {
        default 0;
        "~*^[^?#]*/(\\.|%2e){1,2}([/?#]|$)" 1;
        "~^[^?#]*\\x5c" 1;
        "~#" 1;
    }`;
}

/** The fast path's maps (URI to file, ETags) and the Cache-Control clock. */
function fastMaps(o: ConfInput): string {
  return `    # The single-file answers: request URI -> mem/FILE or file/FILE. map finds
    # its keys without case, and every URI here is lower-case: one with a
    # capital (/api/v1/Meta) is not one of them.
    map $request_uri $nisab_fast_entry {
        default "";
${lines([...o.fast.keys()].map((key) => `${q(key)} ${fastTarget(o, o.fast.get(key)!)};`))}
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
${lines(fastFilesOf(o).map((file) => `${fastTarget(o, file)} ${q(o.etags[file]!)};`))}
    }

    # max-age of the fast path and the cache: the seconds left until validUntil
    # at the end of the current block of 10^${10 - o.cacheControl.digits} s of $msec (never past it; 0 after).
    map $msec $nisab_clock {
        "~^(?<nisab_block>[0-9]{${o.cacheControl.digits}})" $nisab_block;
    }
    map $nisab_clock $nisab_cache_control {
        default ${q('public, max-age=0')};
${lines(o.cacheControl.rows.map(([block, value]) => `${block} ${q(value)};`))}
    }`;
}

/** Connection: close when stale, and what static content reads of the request. */
function staticMaps(): string {
  return `    # Connection: close on every answer once DIR no longer holds the tree written
    # for: a reload follows, and its old workers close their connections (see CLOSE_WHEN_STALE).
    map $nisab_current $nisab_connection {
        1 "";
        default close;
    }
    # Static content (see location /): each kind's Cache-Control by its extension;
    # an encoded slash or backslash names no file; a folder's path with its slash.
    map $uri $nisab_static_cache {
        volatile;
${staticCacheMap('        ')}
    }
    map $request_uri $nisab_encoded_slash {
        default 0;
        "~*^[^?]*%(2f|5c)" 1;
    }
    map $uri $nisab_slashless {
        volatile;
        "~/$" "";
        default 1;
    }
    map $request_uri $nisab_with_slash {
        "~^(?<nisab_path>[^?]*)(?<nisab_query>.*)$" "$nisab_path/$nisab_query";
    }
    # "$" in an answer served from memory.
    geo $nisab_dollar {
        default "$";
    }`;
}

/** The answer cache and the front's upstream, the backend. */
function answerCache(o: ConfInput): string {
  const p = prefixed(o);
  return `    # Answers the router composes, kept per tree and request (a tree never
    # changes). Only 200s: an error answer is never kept, so no request can
    # leave one behind for the next client of the same key.
    # Its size: nginx's cache manager removes the least recently used answers
    # beyond max_size, but only when it wakes, which is when the oldest answer
    # would go inactive (up to an hour). The second zone is never used: empty, it
    # wakes the manager every 10 s, and each time it holds the answers to max_size.
    # An answer is kept the second time it is asked (min_uses): requests with
    # random ranges write nothing, and junk parameters never reach the cache
    # ($nisab_cacheable).
    proxy_cache_path ${p('cache')} levels=1:2 keys_zone=nisab_answers:8m max_size=${o.limits.cacheMaxSizeMiB}m inactive=1d use_temp_path=off;
    proxy_cache_path ${p('cache-clock')} keys_zone=nisab_cache_clock:64k max_size=1m;
    upstream nisab_backend {
        server unix:${o.backend};
        keepalive 16;
    }`;
}

/** The front server's listen, error pages and rewrite to $nisab_target. */
function frontServerHead(o: ConfInput): string {
  return `    server {
        listen ${o.listen};
        server_name _;
        root ${q(o.dir)};
        index index.html;

        # What nginx refuses before any location (a URI climbing above the root,
        # TRACE, oversized lines, HTTP/2.0 in the request line, an unknown
        # Transfer-Encoding) still gets the router's answer under a base, and
        # JSON elsewhere; so do missing files and unsatisfiable ranges.
${errorPages('        ')}
        # TRACE and CONNECT are refused (405) before their body is read; the router
        # behind the 405's error page reads it, and a malformed one (a chunk size
        # "zz") is a 400 there. Without this that second error was nginx's own HTML
        # page without CORS. (The 400's page finds the body read: no loop.)
        recursive_error_pages on;

        # DIR still holds the tree written for exactly when it holds that tree's
        # mark (named by a hash of its files): one file test through the link.
        # (A realpath of DIR per request cost a third of plain nginx's work on a
        # small answer.) Read by the route maps through $nisab_target.
        set $nisab_current "";
        if (-f ${q(path.join(o.dir, o.mark))}) {
            set $nisab_current 1;
        }
        if ($nisab_target) {
            rewrite ^ $nisab_target? last;
        }
        # For the locations that add no headers of their own (the njs ones).
        ${CLOSE_WHEN_STALE}`;
}

/** The front's static content, and what it never serves. */
function frontStatic(o: ConfInput): string {
  return `        # Static content, answered as the static seam (router/static.ts) answers it.
        # A folder without its slash: 307 to the path with it, as Cloudflare's
        # assets and the preview answer (nginx's own is a 301 to an absolute URL).
        location / {
            absolute_redirect off;
            if ($nisab_encoded_slash) {
                return 404;
            }
${staticFolder('            ')}
${staticHeaders('            ')}
        }
        # Dot files and the deployment's own files are not served.
        location ~ "/\\." {
            return 404;
        }
${UNSERVED_FILES.map((file) => `        location = /${file} {\n            return 404;\n        }`).join('\n')}

        # Every location below is reached only by the rewrite above or an error
        # page; a client that names one (/_nisab/api) gets the static 404.
        location ^~ /_nisab/ {
            internal;
        }

        # Static content for a target that njs resolved (see /_nisab/odd).
        location ^~ /_nisab/static/ {
            internal;
            alias ${q(o.dir + '/')};
            absolute_redirect off;
${staticFolder('            ')}
${staticHeaders('            ')}
        }`;
}

/** The fast path's locations: single-file answers from memory or from the tree's files. */
function fastLocations(o: ConfInput): string {
  const memoryLocations = fastFilesOf(o)
    .filter((file) => inMemory(o, file))
    .flatMap((file) => [`location = /_nisab/mem/${file} {`, '    internal;', ...returnBody(o.bodies.get(file)!).map((line) => '    ' + line), '}']);
  return `        # A single-file answer's revalidation with its own ETag: the 304 the router
        # gives (no Content-Type), from the tree written for.
        location = /_nisab/not-modified {
            internal;
            ${fastHeaders('')}
            return 304;
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
${errorPages('            ', '= /_nisab/proxied')}
        }`;
}

/** The front's locations that proxy to the backend: the answer cache, the router, refusals. */
function routerLocations(o: ConfInput): string {
  return `        location = /_nisab/cached {
            internal;
${proxyToBackend('            ', '""', q(o.tree), undefined, undefined, q(o.mark))}
            proxy_cache nisab_answers;
            # The mark names the tree's content: only this tree's answers are ever kept under it.
            proxy_cache_key "${path.basename(o.mark, '.json')} $request_uri";
            proxy_cache_valid 200 30d;
            proxy_cache_min_uses 2;
            proxy_cache_lock on;
            proxy_ignore_headers Cache-Control Expires;
            # max-age counts down from now, not from when the answer was composed.
            proxy_hide_header Cache-Control;
            add_header Cache-Control $nisab_cache_control always;
            add_header X-Nisab-Path "cache $upstream_cache_status" always;
            add_header Content-Length $nisab_not_modified_length;
            ${CLOSE_WHEN_STALE}
            error_page 502 504 = /_nisab/api;
${errorPages('            ')}
        }

        location = /_nisab/proxied {
            internal;
${proxyToBackend('            ', '""')}
            add_header X-Nisab-Path router always;
            ${CLOSE_WHEN_STALE}
            error_page 502 504 = /_nisab/api;
${errorPages('            ')}
        }

        location ^~ /_nisab/refused/ {
            internal;
            # A second If-None-Match line is one of the refusals: the router reads them all;
            # a second Content-Length or Transfer-Encoding is malformed, as on the preview.
${proxyToBackend('            ', '$uri', '""', '$nisab_if_none_match_lines', '$nisab_framing')}
            add_header X-Nisab-Path router always;
            ${CLOSE_WHEN_STALE}
        }`;
}

/** The front's njs locations and fixed answers, to the end of its server block. */
function njsLocations(): string {
  return `        # The other methods (OPTIONS, 405), and GET or HEAD when the backend is
        # unreachable. njs reads a request body before it runs: a body of more
        # than a few bytes is a 413, whose error page (the backend) answers 405.
        location = /_nisab/api {
            internal;
            client_max_body_size 1k;
            default_type "";
            js_content nisab.handle;
            error_page 500 502 503 504 = @nisab_unavailable;
${errorPages('            ')}
        }

        location = /_nisab/odd {
            internal;
            client_max_body_size 1k;
            default_type "";
            js_content nisab.odd;
            error_page 500 502 503 504 = @nisab_unavailable;
${errorPages('            ')}
        }

        location @nisab_unavailable {
${fixedAnswer('            ', unreadable())}
        }
        location @nisab_not_found {
${fixedAnswer('            ', staticNotFound())}
        }
        location @nisab_range {
${fixedAnswer('            ', { ...staticNotFound(), status: 416, body: edgeError(416, 'the requested range is not satisfiable').body })}
        }
    }`;
}

/** The backend's upstream (the composer) and server, up to its first location. */
function backendServer(o: ConfInput): string {
  return `    # The backend: the router, for the request the front names in X-Nisab-*
    # headers. Only the front reaches it (a unix socket under the prefix). It
    # hands the request to the composer (njs, below), and serves a long answer
    # the composer left in the spool from that file.
    upstream nisab_composer {
        server unix:${o.composer};
        keepalive 16;
    }
    server {
        listen unix:${o.backend};
        server_name _;
        access_log off;
        large_client_header_buffers 4 ${2 * o.limits.largeHeaderBufferKiB}k;
        # A request line the front passed on that nginx cannot take as a header (a raw NUL).
        error_page 400 413 414 494 @nisab_malformed;

        location ^~ /_nisab/compose {
            proxy_pass http://nisab_composer;
${composerProxy('            ')}
        }`;
}

/** The backend's other locations: the spool, the direct answer and the fixed ones. */
function backendLocations(o: ConfInput): string {
  return `        # A long answer: the file the composer wrote, with the composer's headers
        # (nginx itself carries over Content-Type and Cache-Control). njs has
        # ended by now, and its memory with it; the file goes out as the front
        # reads it. Spool files live ${SPOOL_SECONDS} s (njs sweeps older ones):
        # one already gone is composed again and sent directly.
        location ^~ /_nisab/spool/ {
            internal;
            alias ${q(path.join(o.prefix, 'spool') + '/')};
            types { }
            sendfile on;
            etag off;
            if_modified_since off;
            max_ranges 0;
            add_header Last-Modified "";
            add_header access-control-allow-origin $upstream_http_access_control_allow_origin;
            add_header access-control-expose-headers $upstream_http_access_control_expose_headers;
            add_header etag $upstream_http_etag;
            add_header X-Accel-Expires $upstream_http_x_accel_expires;
            error_page 403 404 = /_nisab/direct;
        }
        location = /_nisab/direct {
            internal;
            proxy_pass http://nisab_composer/_nisab/compose;
            proxy_set_header X-Nisab-Direct 1;
${composerProxy('            ')}
        }
        location / {
${fixedAnswer('            ', staticNotFound(), false)}
        }
        location @nisab_unavailable {
${fixedAnswer('            ', unreadable(), false)}
        }
        location @nisab_malformed {
${fixedAnswer('            ', edgeError(400, 'the request is malformed'), false)}
        }
    }`;
}

/** The composer's server. */
function composerServer(o: ConfInput): string {
  const p = prefixed(o);
  return `    # The composer: njs, reached only by the backend.
    server {
        # A composed answer short enough to stay in njs leaves in one write (the
        # kernel allows up to net.core.wmem_max): its request, and the njs
        # memory that composed it, end at once.
        listen unix:${o.composer} sndbuf=4m;
        server_name _;
        root ${q(o.dir)};
        access_log off;
        large_client_header_buffers 4 ${2 * o.limits.largeHeaderBufferKiB}k;
        # nginx makes this folder at start, for the workers' user; nothing is
        # proxied from here: it is the spool, where njs writes long answers.
        proxy_temp_path ${p('spool')};

        # A prefix: the front's /_nisab/refused/CODE arrives as /_nisab/composeCODE.
        location ^~ /_nisab/compose {
            default_type "";
            set $nisab_spool ${p('spool')};
            js_content nisab.compose;
            error_page 500 502 503 504 = @nisab_unavailable;
        }
        location / {
${fixedAnswer('            ', staticNotFound(), false)}
        }
        location @nisab_unavailable {
${fixedAnswer('            ', unreadable(), false)}
        }
    }`;
}

export function nginxConf(o: ConfInput): string {
  return `${mainContext(o)}

${httpSettings(o)}
${mapSizesAndModules(o)}

${routeMaps()}
${requestMaps()}

${fastMaps(o)}
${staticMaps()}

${answerCache(o)}

${frontServerHead(o)}

${frontStatic(o)}

${fastLocations(o)}

${routerLocations(o)}

${njsLocations()}

${backendServer(o)}

${backendLocations(o)}

${composerServer(o)}
}
`;
}
