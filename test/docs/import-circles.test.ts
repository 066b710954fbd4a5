// No module of the product imports itself through others (issue 48): a circle,
// even of types only, means two files each need what the other holds, so neither
// can be read, moved or tested alone. The oracle is the import lines as written,
// read with a regular expression, not our module code; dynamic `import('…')` and
// `typeof import('…')` count, as a type import does.
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const FOLDERS = ['generator', 'client/src', 'mcp/src'];
const STATIC = /^\s*(?:import|export)\b[^;'"`]*?\bfrom\s*'([^']+)'/gm;
const BARE = /^\s*import\s*'([^']+)'/gm;
const DYNAMIC = /\bimport\(\s*'([^']+)'\s*\)/g;

async function sources(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(ROOT, folder), { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.ts'))
    .map((entry) => path.relative(ROOT, path.join(entry.parentPath, entry.name)))
    .sort();
}

function importsOf(file: string, text: string): string[] {
  const named: string[] = [];
  for (const form of [STATIC, BARE, DYNAMIC]) {
    for (const match of text.matchAll(form)) {
      const specifier = match[1] as string;
      if (specifier.startsWith('.')) named.push(path.normalize(path.join(path.dirname(file), specifier)));
    }
  }
  return named;
}

/** Tarjan's strongly connected components: each of more than one file is a circle. */
function circles(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (file: string) => {
    index.set(file, next);
    low.set(file, next);
    next++;
    stack.push(file);
    onStack.add(file);
    for (const to of graph.get(file) ?? []) {
      if (!graph.has(to)) continue;
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(file, Math.min(low.get(file) as number, index.get(to) as number));
      }
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return found;
}

describe('the import graph', () => {
  it('has no circle among the product modules (type imports and dynamic imports included)', async () => {
    const graph = new Map<string, string[]>();
    for (const folder of FOLDERS) {
      for (const file of await sources(folder)) graph.set(file, importsOf(file, await readFile(path.join(ROOT, file), 'utf8')));
    }
    // The reading reads: the page imports its calculator's module, the registry its adapters.
    expect(graph.get(path.normalize('generator/router/router.ts'))).toContain(path.normalize('generator/router/parameters.ts'));
    expect(graph.get(path.normalize('generator/sources/registry.ts'))).toContain(path.normalize('generator/sources/currency-api.ts'));
    expect(graph.size).toBeGreaterThan(150);
    expect(circles(graph).map((circle) => circle.join(' <-> '))).toEqual([]);
  });

  it('finds a circle when there is one', () => {
    const graph = new Map([
      ['a.ts', ['b.ts']],
      ['b.ts', ['c.ts']],
      ['c.ts', ['a.ts', 'd.ts']],
      ['d.ts', []],
    ]);
    expect(circles(graph)).toEqual([['a.ts', 'b.ts', 'c.ts']]);
    expect(importsOf('x/y.ts', "import type { A } from './a.ts';\nexport { B } from '../b.ts';\nconst m = import('./c.ts');\n")).toEqual([
      path.normalize('x/a.ts'),
      'b.ts',
      path.normalize('x/c.ts'),
    ]);
  });
});
