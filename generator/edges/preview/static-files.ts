// Static content of the preview (everything outside the bases): each answer
// comes from one open descriptor, its length, ETag and bytes all from that
// descriptor, so a build or a rollback that swaps the link meanwhile cannot
// make a body of one tree with the length of the other (issue 25). The headers
// are those the preview always sent (http-server's): a weak ETag of the
// inode, size and mtime, Last-Modified, one byte range, 304 on a matching
// If-None-Match or a later If-Modified-Since.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, promises as fs, type Stats } from 'node:fs';
import path from 'node:path';
import { STATIC_HEADERS, TEXT_FILE_TYPES } from '../../core/respond.ts';

/** The types of the files a snapshot holds; any other is application/octet-stream. */
const TYPES: { [extension: string]: string } = {
  '.html': 'text/html',
  '.css': 'text/css',
  '.csv': 'text/csv',
  '.md': 'text/markdown',
  '.txt': 'text/plain',
  '.ics': 'text/calendar',
  '.js': 'text/javascript',
  '.mjs': 'text/javascript',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * As Cloudflare's asset server types them (workers-shared getContentType: the
 * mime package's type, and `; charset=utf-8` on text/*), and as the nginx site
 * does: a host page in another charset still reads the widget's ₦ and Arabic.
 */
function contentType(file: string): string {
  const exact = TEXT_FILE_TYPES[path.extname(file).toLowerCase().slice(1)];
  if (exact !== undefined) return exact;
  const type = TYPES[path.extname(file).toLowerCase()] ?? 'application/octet-stream';
  return type.startsWith('text/') ? `${type}; charset=utf-8` : type;
}

export interface OpenFile {
  name: string;
  handle: fs.FileHandle;
  stat: Stats;
}

/** Opens without following the open into a FIFO's wait: a tree holds regular files only. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

async function openRegular(file: string): Promise<OpenFile | { folder: true } | null> {
  const handle = await fs.open(file, OPEN_FLAGS).catch(() => null);
  if (handle === null) return null;
  const stat = await handle.stat().catch(() => null);
  if (stat?.isFile()) return { name: file, handle, stat };
  await handle.close();
  return stat?.isDirectory() ? { folder: true } : null;
}

/**
 * The file a static path names in TREE, opened (index.html for a folder whose
 * path ends in a slash), a redirect for a folder without one, or null:
 * undecodable, NUL, outside the tree, missing.
 */
export async function openStatic(tree: string, target: string): Promise<OpenFile | { redirect: string } | null> {
  const [pathname, query] = splitQuery(target);
  let decoded: string;
  try {
    decoded = decodeURIComponent(pathname);
  } catch {
    return null;
  }
  if (decoded.includes('\0')) return null;
  // normalizeTarget resolved the dot segments of the raw path; these are those of the decoded one.
  const file = path.join(tree, path.posix.normalize(decoded));
  if (!file.startsWith(tree + path.sep) && file !== tree) return null;
  const found = await openRegular(file);
  if (found === null || !('folder' in found)) return found;
  const index = await openRegular(path.join(file, 'index.html'));
  if (index === null || 'folder' in index) return null;
  if (!pathname.endsWith('/')) {
    await index.handle.close();
    return { redirect: `${pathname}/${query}` };
  }
  return index;
}

function splitQuery(target: string): [string, string] {
  const at = target.search(/[?#]/);
  if (at === -1) return [target, ''];
  const hash = target.indexOf('#');
  return [target.slice(0, at), target[at] === '?' ? target.slice(at, hash === -1 ? undefined : hash) : ''];
}

function weakEtag(stat: Stats): string {
  return `W/"${stat.ino}-${stat.size}-${stat.mtime.toISOString()}"`;
}

function notModified(req: IncomingMessage, lastModified: string, etag: string): boolean {
  const since = req.headers['if-modified-since'];
  const match = req.headers['if-none-match'];
  if (!since && !match) return false;
  if (since) {
    const date = Date.parse(since);
    if (Number.isNaN(date) || date < Date.parse(lastModified)) return false;
  }
  if (match && match !== etag && `W/${match}` !== etag && match !== `W/${etag}`) return false;
  return true;
}

/** One range of bytes=START-END (the first, if several), or 'unsatisfiable'; null when none was asked. */
function byteRange(header: string | undefined, size: number): { start: number; end: number } | 'unsatisfiable' | null {
  if (!header) return null;
  const [first, last] = header
    .trim()
    .replace(/bytes=/, '')
    .split('-');
  const start = Number.parseInt(first ?? '', 10);
  const end = Math.min(size - 1, last ? Number.parseInt(last, 10) : size - 1);
  if (Number.isNaN(start) || Number.isNaN(end) || start > end) return 'unsatisfiable';
  return { start, end };
}

/** Answers a request for an opened file and closes it; the body is at most the Content-Length sent, and a file cut short ends the connection. */
export function sendFile(req: IncomingMessage, res: ServerResponse, file: OpenFile): void {
  const { handle, stat } = file;
  const lastModified = stat.mtime.toUTCString();
  const etag = weakEtag(stat);
  const headers: { [name: string]: string } = {
    'access-control-allow-origin': STATIC_HEADERS['access-control-allow-origin']!,
    'accept-ranges': 'bytes',
    'cache-control': STATIC_HEADERS['cache-control']!,
    'last-modified': lastModified,
    etag,
  };
  const range = byteRange(req.headers.range, stat.size);
  if (range === 'unsatisfiable') {
    void handle.close();
    res.writeHead(416, { 'access-control-allow-origin': headers['access-control-allow-origin']!, 'accept-ranges': 'bytes', 'content-length': '0' });
    res.end();
    return;
  }
  if (range === null && notModified(req, lastModified, etag)) {
    void handle.close();
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const { start, end } = range ?? { start: 0, end: stat.size - 1 };
  const length = Math.max(0, end - start + 1);
  if (range !== null) headers['content-range'] = `bytes ${start}-${end}/${stat.size}`;
  res.writeHead(range === null ? 200 : 206, { ...headers, 'content-length': String(length), 'content-type': contentType(file.name) });
  if (req.method === 'HEAD' || length === 0) {
    void handle.close();
    res.end();
    return;
  }
  let sent = 0;
  const stream = handle.createReadStream({ start, end, autoClose: true });
  stream.on('data', (chunk) => {
    sent += chunk.length;
  });
  stream.on('error', () => res.destroy());
  stream.on('end', () => (sent === length ? res.end() : res.destroy()));
  res.on('close', () => stream.destroy());
  stream.pipe(res, { end: false });
}
