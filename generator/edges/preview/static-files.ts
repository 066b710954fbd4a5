// The preview's static content: the core's static seam (router/static.ts decides
// every answer) with node:fs as its stat and open. Each file is opened once and
// its length, ETag and bytes all come from that one descriptor, so a build or a
// rollback that swaps the link meanwhile cannot make a body of one tree with the
// length of the other (issue 25).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants, promises as fs } from 'node:fs';
import path from 'node:path';
import { answerStatic, type StaticAnswer, type StaticEntry } from '../../router/static.ts';

interface OpenEntry extends StaticEntry {
  handle: fs.FileHandle | null;
}

/** Opens without following the open into a FIFO's wait: a tree holds regular files only. */
const OPEN_FLAGS = constants.O_RDONLY | constants.O_NONBLOCK;

function header(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name];
  return typeof value === 'string' ? value : null;
}

/** The answer to TARGET (normalizeTarget's, outside the bases) from TREE (the link resolved once), sent. */
export async function sendStatic(
  tree: string,
  target: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<StaticAnswer<OpenEntry, NodeJS.ReadableStream>> {
  // Every descriptor stat opened: the one whose bytes are sent closes with its stream, the others here.
  const opened: fs.FileHandle[] = [];
  let streamed: fs.FileHandle | null = null;
  const io = {
    stat: async (relative: string): Promise<OpenEntry | null> => {
      const handle = await fs.open(path.join(tree, relative), OPEN_FLAGS).catch(() => null);
      if (handle === null) return null;
      opened.push(handle);
      const stat = await handle.stat().catch(() => null);
      if (stat === null || (!stat.isFile() && !stat.isDirectory())) return null;
      return { folder: stat.isDirectory(), size: stat.size, mtimeMs: stat.mtime.getTime(), id: String(stat.ino), handle: stat.isFile() ? handle : null };
    },
    open: (entry: OpenEntry, start: number, end: number) => {
      streamed = entry.handle;
      return entry.handle!.createReadStream({ start, end, autoClose: true });
    },
  };
  const request = {
    method: req.method ?? 'GET',
    target,
    ifNoneMatch: header(req, 'if-none-match'),
    ifModifiedSince: header(req, 'if-modified-since'),
    range: header(req, 'range'),
  };
  const answer = await answerStatic(request, io).finally(() => {
    for (const handle of opened) if (handle !== streamed) void handle.close();
  });
  send(req, res, answer);
  return answer;
}

/** The body is at most the Content-Length sent, and a file cut short ends the connection. */
function send(req: IncomingMessage, res: ServerResponse, answer: StaticAnswer<OpenEntry, NodeJS.ReadableStream>): void {
  const text = answer.text !== '' && req.method !== 'HEAD' ? answer.text : '';
  const headers = { ...answer.headers };
  if (answer.text !== '') headers['content-length'] = String(Buffer.byteLength(answer.text));
  res.writeHead(answer.status, headers);
  const stream = answer.body;
  if (stream === null) {
    res.end(text);
    return;
  }
  const length = Number(answer.headers['content-length']);
  let sent = 0;
  stream.on('data', (chunk: Buffer) => {
    sent += chunk.length;
  });
  stream.on('error', () => res.destroy());
  stream.on('end', () => (sent === length ? res.end() : res.destroy()));
  const destroy = () => (stream as unknown as { destroy(): void }).destroy();
  res.on('close', destroy);
  // A client gone before the answer was ready has closed res already: its 'close' will not come again.
  if (res.destroyed || req.socket.destroyed) destroy();
  else stream.pipe(res, { end: false });
}
