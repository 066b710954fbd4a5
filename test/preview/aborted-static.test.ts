// A client that leaves before its static file is sent (wrk at the end of a run,
// a phone losing its signal): the preview closed the file only when the answer's
// 'close' came, and a response closed before the answer was ready never sends it
// again, so the file stayed open until a garbage collection (scripts/bench-serve.ts
// saw Node's "Closing file descriptor … on garbage collection" 18 times in one run).
// Every descriptor the preview opens under the tree must be closed once the clients
// are gone: counted in /proc/self/fd, since the preview runs in this process.
import { readdir, readlink, realpath } from 'node:fs/promises';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Preview, startPreview } from '../../generator/edges/preview/server.ts';
import { buildSnapshot } from '../../generator/snapshot/build.ts';
import { fixtureBuild } from '../support/fixture.ts';
import { useFixture } from '../support/use-fixture.ts';

/** The descriptors of this process open on a file under `dir`. */
async function openUnder(dir: string): Promise<string[]> {
  const links = await Promise.all((await readdir('/proc/self/fd')).map((fd) => readlink(`/proc/self/fd/${fd}`).catch(() => '')));
  return links.filter((link) => link.startsWith(dir));
}

/** Sends a GET for `target` and drops the connection as soon as the request is written. */
function requestAndLeave(url: string, target: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => {
      // Two requests on one connection, as a keep-alive client sends them; it leaves before either answer.
      const request = `GET ${target} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`;
      socket.write(request + request, () => {
        socket.destroy();
        resolve();
      });
    });
    socket.on('error', () => resolve());
  });
}

describe('the preview and a client gone before its static file is sent', () => {
  const fixture = useFixture();
  let preview: Preview;

  beforeAll(async () => {
    await buildSnapshot(fixtureBuild(fixture.db, fixture.out));
    preview = await startPreview({ dir: fixture.out, port: 0 });
  });

  afterAll(async () => {
    await preview?.close();
  });

  it('closes every file it opened: none is left for the collector', async () => {
    expect((await fetch(`${preview.url}/openapi.json`)).status).toBe(200);
    for (let round = 0; round < 10; round++) await Promise.all(Array.from({ length: 20 }, () => requestAndLeave(preview.url, '/openapi.json')));
    // The answers of the last requests finish after their clients left: give them the time a read takes.
    // (Not long: a collection would close what was left open, and hide it.)
    await new Promise((resolve) => setTimeout(resolve, 500));
    // The published folder is a link to the build's tree, and a descriptor names the tree.
    expect(await openUnder(await realpath(fixture.out))).toEqual([]);
  }, 60_000);
});
