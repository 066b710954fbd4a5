// The files around the API answers: each edge's deploy files, the OpenAPI
// document (its credits from the sources), the API document, the JSON Schemas, the landing page and its
// assets, the reference page, /llms.txt.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CLOUDFLARE_FILES, cloudflareFiles } from '../edges/cloudflare/deploy-files.ts';
import type { Source } from '../core/schemas.ts';
import { openApiDocument } from '../site/openapi.ts';
import { siteAssets, SITE_ASSET_FILES } from '../site/assets.ts';
import { jsonSchemaFiles, SCHEMA_FILES } from '../site/json-schemas.ts';
import { LANDING_FILES, landingPage } from '../site/page/html.ts';
import { LLMS_FILE, llmsTxt } from '../site/llms-txt.ts';

/** The API document (docs/API.md), published with every snapshot so the page can link it. */
export const API_DOCUMENT = fileURLToPath(new URL('../../docs/API.md', import.meta.url));

/** The files that depend only on this code (and the API document): the same for every build by the same generator. */
export async function codeFiles(): Promise<Map<string, string>> {
  const files = await cloudflareFiles();
  files.set('API.md', await readFile(API_DOCUMENT, 'utf8'));
  for (const [file, text] of jsonSchemaFiles()) files.set(file, text);
  for (const [file, text] of await siteAssets()) files.set(file, text);
  files.set(LLMS_FILE, llmsTxt());
  return files;
}

export const CODE_FILES = [...CLOUDFLARE_FILES, 'API.md', ...SCHEMA_FILES, ...SITE_ASSET_FILES, LLMS_FILE];

/** The OpenAPI document: rendered by every build, since its credits are the snapshot's GET /sources. */
export const OPENAPI_FILE = 'openapi.json';
export function openApiFile(sources: readonly Source[]): string {
  return JSON.stringify(openApiDocument(sources), null, 2) + '\n';
}

export { LANDING_FILES, landingPage };
