// Raw HTTP requests: paths go on the wire exactly as written (fetch would
// normalise `..`, encodings and the like, which the hostile cases need intact).
import http from 'node:http';
import net from 'node:net';

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
  bytes: Buffer;
}

export function request(base: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request({ host: url.hostname, port: url.port, method: init.method ?? 'GET', path, headers: init.headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | undefined>, body: bytes.toString('utf8'), bytes });
      });
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

/**
 * Raw bytes on a socket, for what an HTTP client refuses to send (NUL, lower-case
 * methods, absolute-form, extra spaces, huge lines). Written, not ended: a
 * half-closed socket may be dropped before the answer is sent. Send
 * `Connection: close` in `head`; the answer is read until the server closes.
 */
export function rawRequest(base: string, head: Buffer | string): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname, () => socket.write(head));
    const chunks: Buffer[] = [];
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer within 15 s to ${String(head).slice(0, 80)}`)));
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      let all = Buffer.concat(chunks);
      // An interim answer (100 Continue) comes before the answer, as a client reads it.
      while (/^HTTP\/1\.[01] 1\d\d /.test(all.subarray(0, 13).toString('latin1')) && all.indexOf('\r\n\r\n') !== -1) {
        all = all.subarray(all.indexOf('\r\n\r\n') + 4);
      }
      const split = all.indexOf('\r\n\r\n');
      const lines = all
        .subarray(0, split === -1 ? all.length : split)
        .toString('latin1')
        .split('\r\n');
      const headers: Record<string, string | undefined> = {};
      for (const line of lines.slice(1)) {
        const colon = line.indexOf(':');
        if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
      }
      const bytes = split === -1 ? Buffer.alloc(0) : all.subarray(split + 4);
      resolve({ status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0), headers, body: bytes.toString('utf8'), bytes });
    });
  });
}
