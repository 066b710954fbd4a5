// Bundling and linting the njs module: njs.ts and the router core in one file
// that Debian's njs 0.7.9 loads (see the subset notes in router/router.ts).
import { fileURLToPath } from 'node:url';
import { bundle } from '../../bundle.ts';

const NJS_ENTRY = fileURLToPath(new URL('./njs.ts', import.meta.url));

// What njs.ts may use: the njs 0.7.9 subset. esbuild lowers what it can
// (optional chaining, ??) and refuses the rest; a spread or Map is refused here.
const NJS_TARGET = {
  external: ['fs', 'crypto'],
  target: 'es2016',
  supported: { destructuring: false, 'for-of': false, class: false, 'default-argument': false, 'rest-argument': false, generator: false },
};
const NJS_LACKS = /\.\.\.[\w$([{]|\bnew (Map|Set|WeakMap|WeakSet)\b|\bURLSearchParams\b/;

/** The njs module: the adapter and the router core in one file njs 0.7.9 loads. */
export async function njsModule(): Promise<string> {
  const code = await bundle(NJS_ENTRY, NJS_TARGET);
  // njs knows `export default <expression>` only.
  const fixed = code.replace(/export \{\n {2}(\w+) as default\n\};\n*$/, 'export default $1;\n');
  if (fixed === code) throw new Error('nginx-njs: unexpected esbuild output (no default export to rewrite)');
  const lacking = NJS_LACKS.exec(fixed);
  if (lacking) throw new Error(`nginx-njs: the bundle uses ${lacking[0]}, which njs 0.7.9 lacks`);
  return fixed;
}
