// Bundling an edge entry with the router core into one ES module. Every edge
// that ships code (the Cloudflare worker, nginx's njs module) bundles through
// here, so no edge depends on another or on the snapshot builder.
import * as esbuild from 'esbuild';

export async function bundle(entry: string, options: esbuild.BuildOptions = {}): Promise<string> {
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'esm',
    target: 'es2022',
    platform: 'neutral',
    legalComments: 'none',
    logLevel: 'silent',
    ...options,
  });
  return result.outputFiles![0]!.text;
}
