// A run with CI set cannot pass by skipping: a missing nginx (or njs, or
// Chromium) fails it and says what to install; elsewhere the suite is skipped
// with the same words.
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chromiumMissing } from './chromium.ts';
import { nginxMissing } from './nginx-server.ts';
import { isCI, skipOrFail } from './required-tools.ts';

describe('a missing part of the test bed', () => {
  let empty: string;
  beforeAll(async () => {
    empty = await mkdtemp(path.join(os.tmpdir(), 'nisab-no-tools-'));
  });
  afterAll(async () => {
    await rm(empty, { recursive: true, force: true });
  });

  it('fails a CI run, naming what to install, when PATH has no nginx', () => {
    const missing = nginxMissing({ PATH: empty });
    expect(missing).toBe('nginx is not installed (apt-get install -y nginx libnginx-mod-http-js)');
    expect(() => skipOrFail(missing, 'the nginx contract suite', { CI: 'true' })).toThrow(
      'the nginx contract suite cannot run: nginx is not installed (apt-get install -y nginx libnginx-mod-http-js). CI is set, so this fails instead of skipping.',
    );
  });

  it('skips elsewhere, saying what is missing', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(skipOrFail('nginx is not installed (apt-get install -y nginx libnginx-mod-http-js)', 'the nginx contract suite', {})).toMatch(
        /^nginx is not installed/,
      );
      expect(warn).toHaveBeenCalledWith('the nginx contract suite skipped: nginx is not installed (apt-get install -y nginx libnginx-mod-http-js)');
    } finally {
      warn.mockRestore();
    }
    expect(skipOrFail(null, 'the nginx contract suite', { CI: 'true' })).toBeNull();
  });

  it('names Chromium and how to get it', () => {
    expect(chromiumMissing(path.join(empty, 'chromium'))).toBe(
      `no Chromium at ${path.join(empty, 'chromium')} (apt-get install -y chromium, or set CHROMIUM_PATH to a Chromium or Chrome)`,
    );
  });

  it('reads CI as CI services set it', () => {
    expect([{ CI: 'true' }, { CI: '1' }, { CI: 'TRUE' }].map((env) => isCI(env))).toEqual([true, true, true]);
    expect([{}, { CI: '' }, { CI: '0' }, { CI: 'false' }].map((env) => isCI(env))).toEqual([false, false, false, false]);
  });
});
