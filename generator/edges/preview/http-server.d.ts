// http-server ships no types; this is the part of its API the preview uses.
declare module 'http-server' {
  import type { IncomingMessage, ServerResponse } from 'node:http';
  interface Options {
    root?: string;
    cache?: number | string;
    showDir?: string;
    headers?: Record<string, string>;
    before?: Array<(req: IncomingMessage, res: ServerResponse & { emit(event: 'next'): boolean }) => void>;
  }
  const httpServer: { createServer(options: Options): unknown };
  export default httpServer;
}
