// The files around the API answers: each edge's deploy files, the OpenAPI
// document (its credits from the sources), the API document, the JSON Schemas, the landing page and its
// assets, the reference page, /llms.txt.
import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { CLOUDFLARE_FILES, cloudflareFiles } from './cloudflare-files.ts';
import { paths } from '../router/layout.ts';
import { itemEnvelope, listEnvelope, NisabRule, Rate, type Source, type Subcategory } from '../model/schemas.ts';
import { openApiDocument } from '../site/openapi.ts';
import { siteAssets, SITE_ASSET_FILES } from '../site/assets.ts';
import { jsonSchemaFiles, SCHEMA_FILES } from '../site/json-schemas.ts';
import { DEVELOPER_FILES, developersPage, LANDING_FILES, landingPage, type PageFigures } from '../site/page/html.ts';
import { LLMS_FILE, llmsTxt } from '../site/llms-txt.ts';

/** The API document (docs/API.md), published with every snapshot so the page can link it. */
export const API_DOCUMENT = fileURLToPath(new URL('../../docs/API.md', import.meta.url));

/** The code files of the last generator one process rendered them for (the 412 simulated nights build in one process). */
let rendered: { generator: string; files: Promise<Map<string, string>> } | null = null;

/**
 * The files that depend only on this code (and the API document): the same for every build by the same generator
 * (`generator`, generator-id.ts), so a process renders them once for it (esbuild's bundles, about 0.6 s), and a new copy
 * of the map for each build.
 */
export async function codeFiles(generator: string): Promise<Map<string, string>> {
  if (rendered === null || rendered.generator !== generator) {
    const files = renderCodeFiles();
    rendered = { generator, files };
    files.catch(() => {
      if (rendered !== null && rendered.files === files) rendered = null;
    });
  }
  return new Map(await rendered.files);
}

async function renderCodeFiles(): Promise<Map<string, string>> {
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

export { DEVELOPER_FILES, developersPage, LANDING_FILES, landingPage };

/**
 * The figures the payers' page shows with scripts off: read back from the
 * snapshot's own GET /nisab and GET /rates/latest files (rendered by every build),
 * so the page holds the very answer its script asks for.
 */
export function pageFigures(write: ReadonlyMap<string, string>, subcategories: readonly Subcategory[]): PageFigures {
  const read = (file: string) => {
    const text = write.get(file);
    if (text === undefined) throw new Error(`the build rendered no ${file}, which the page shows`);
    return JSON.parse(text) as unknown;
  };
  const rules = listEnvelope(NisabRule).parse(read(paths.nisabAll)).data;
  const rates = new Map<number, Rate>();
  for (const s of subcategories) {
    if (s.sctHasDailyRate && (s.sctSlug === 'gold' || s.sctSlug === 'silver') && write.has(paths.latest(s.sctID))) {
      rates.set(s.sctID, itemEnvelope(Rate).parse(read(paths.latest(s.sctID))).data);
    }
  }
  return { rules, rates };
}
