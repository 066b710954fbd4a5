// The files around the API answers: each edge's deploy files, the OpenAPI
// document and the landing page.
import { CLOUDFLARE_FILES, cloudflareFiles } from '../edges/cloudflare/deploy-files.ts';
import { openApiDocument } from '../site/openapi.ts';
import { landingPage } from '../site/landing-page.ts';

/** The files that depend only on this code: the same for every build by the same generator. */
export async function codeFiles(): Promise<Map<string, string>> {
  const files = await cloudflareFiles();
  files.set('openapi.json', JSON.stringify(openApiDocument(), null, 2) + '\n');
  return files;
}

export const CODE_FILES = [...CLOUDFLARE_FILES, 'openapi.json'];

export { landingPage };
