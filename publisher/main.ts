// `npm run publisher`: the publisher on its own, for production. Builds every site from the API at
// PUBLISH_SOURCE_URL (else PUBLIC_API_URL) into dist/sites/, then rebuilds, withdraws and uploads
// sites as their organizations change, until stopped. Serve dist/sites/ with any static host, or
// let the CDN serve what the publisher uploads.
import { configOrExit, stopOnSignals } from '../scripts/start.ts';
import { startPublisher } from './publisher.ts';

const config = configOrExit();
const publisher = await startPublisher({
  ...config.publisher,
  sourceUrl: config.publisher.sourceUrl ?? config.publicApiUrl,
  publicApiUrl: config.publicApiUrl,
  webhookSecret: config.webhookSecret,
});
stopOnSignals(() => publisher.stop());
