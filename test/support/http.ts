// Raw HTTP requests: paths go on the wire exactly as written (fetch would
// normalise `..`, encodings and the like, which the hostile cases need intact).
import http from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | undefined>;
  body: string;
  bytes: Buffer;
}

export function request(base: string, path: string, init: { method?: string; headers?: Record<string, string> } = {}): Promise<Answer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const req = http.request(
      { host: url.hostname, port: url.port, method: init.method ?? 'GET', path, headers: init.headers, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: res.statusCode ?? 0, headers: res.headers as Record<string, string | undefined>, body: bytes.toString('utf8'), bytes });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}
