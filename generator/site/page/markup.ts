// Markup written by one function for the build and for the browser: the build
// puts it in the page (readable with scripts off), the script puts the same
// function's output on a newer answer, so the two agree and nothing jumps when
// the script takes over. Every text and attribute is escaped here.
import { escapeHtml } from './escape-html.ts';

export interface Markup {
  readonly html: string;
}
export type Child = Markup | string | false | null | undefined;

const VOID = new Set(['br', 'wbr']);

/** The markup of children: text escaped, markup as it is, nothing for false, null or undefined. */
export const markup = (...children: Child[]): string =>
  children
    .map((child) => (child === false || child === null || child === undefined ? '' : typeof child === 'string' ? escapeHtml(child) : child.html))
    .join('');

/** One element; an attribute whose value is undefined is left out. */
export function h(tag: string, attributes: Record<string, string | undefined> = {}, ...children: Child[]): Markup {
  const attrs = Object.entries(attributes)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => ` ${name}="${escapeHtml(value)}"`)
    .join('');
  return { html: VOID.has(tag) ? `<${tag}${attrs}>` : `<${tag}${attrs}>${markup(...children)}</${tag}>` };
}
