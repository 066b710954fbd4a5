import { startPreview } from '../../generator/edges/preview/server.ts';
import { contractSuite } from './contract-suite.ts';

contractSuite('the preview server', async (dir) => {
  const preview = await startPreview({ dir, port: 0 });
  return { url: preview.url, stop: preview.close };
});
