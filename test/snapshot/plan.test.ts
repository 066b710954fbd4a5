// Planning the shard tree, without a database or a server.
import { describe, expect, it } from 'vitest';
import { blockStarts, parsePath } from '../../generator/router/layout.ts';
import { shardTree, type OperationCount } from '../../generator/plan/plan.ts';

describe('the shard tree', () => {
  it('plans in steps linear in the months: 400 years cost ten times 40 years', () => {
    const steps = (first: string, last: string) => {
      const ops: OperationCount = { count: 0 };
      const nodes = shardTree('all', { first, last }, last, (month) => month, ops);
      const months = blockStarts('month', first, last).length;
      expect(nodes.filter((n) => n.level === 'month')).toHaveLength(months);
      return { perMonth: ops.count / months, months };
    };
    const short = steps('1990-01-01', '2029-12-31');
    const long = steps('1630-01-01', '2029-12-31');
    expect(long.months).toBe(10 * short.months);
    // A parent filtering every child list made this grow with the months (about 48x more steps per month at 400 years).
    expect(long.perMonth).toBeLessThan(short.perMonth * 1.01);
    expect(long.perMonth).toBeLessThan(4);
  });

  it('gives every parent exactly its children', () => {
    const nodes = shardTree(2, { first: '1999-11-15', last: '2001-02-03' }, '2001-02-03', (month) => month);
    for (const node of nodes.filter((n) => n.level !== 'month')) {
      for (const child of node.children) expect(child.start >= node.start && parsePath(child.path)!.kind === 'shard').toBe(true);
    }
    const year2000 = nodes.find((n) => n.level === 'year' && n.start === '2000-01-01')!;
    expect(year2000.children.map((c) => c.start.slice(0, 7))).toEqual(blockStarts('month', '2000-01-01', '2000-12-31').map((s) => s.slice(0, 7)));
  });
});
