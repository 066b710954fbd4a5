// The client's answers on a plain static host (no /api/v1, only the snapshot's
// files): the request routed, its files read and assembled by the router every
// edge runs (generator/router/router.ts). Its own module, imported by the client
// only when no base answered: the payers' page's build sends it as
// /assets/files.js (site/assets.ts), so a visit to a host with an API never
// loads the router and the endpoint table.
import { BASES } from '../../generator/router/bases.ts';
import { paths } from '../../generator/router/layout.ts';
import { assemble, route } from '../../generator/router/router.ts';
import type { RoutingIndex } from '../../generator/model/schemas.ts';

/** A file of the snapshot by its path under the root (its text, or a failure naming its URL). */
export type ReadFile = (name: string) => Promise<string>;

/** The API's answer to a target under the base (`/nisab?subcategory=1`), and the routing index's URL that planned it. */
export type FilesAnswer = (target: string) => Promise<{ status: number; body: unknown; url: string }>;

/** Answers from the files of the snapshot at `root`, its routing index read once (again after a failure). */
export function filesAnswer(root: string, file: ReadFile, invalid: (message: string, url: string) => Error): FilesAnswer {
  const url = `${root}/${paths.routing}`;
  let routing: Promise<RoutingIndex> | null = null;
  return async (target) => {
    routing ??= file(paths.routing).then((text) => {
      const index = JSON.parse(text) as RoutingIndex;
      if (typeof index !== 'object' || index === null || typeof index.asOf !== 'string' || typeof index.subcategories !== 'object') {
        throw invalid(`${url} is not a snapshot's routing index`, url);
      }
      return index;
    });
    routing.catch(() => (routing = null));
    const index = await routing;
    const plan = route({ method: 'GET', url: `${BASES[0]}${target}`, ifNoneMatch: null }, index)!;
    const texts = await Promise.all(plan.reads.map((read) => file(read.path)));
    const answer = assemble(plan, texts, index);
    return { status: answer.status, body: JSON.parse(answer.parts.join('')), url };
  };
}
