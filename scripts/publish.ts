// `npm run publisher`: the publisher on its own, for production: @gallery/publisher running this
// site generator's build. Builds every site from the API at PUBLISH_SOURCE_URL (else
// PUBLIC_API_URL) into dist/sites/, then rebuilds, withdraws and uploads sites as their
// organizations change, until stopped. Serve dist/sites/ with any static host, or let the CDN
// serve what the publisher uploads. Reads only the site build's and the publisher's variables.
import { startPublisher } from '@gallery/publisher';
import { loadPublisherConfig } from '@gallery/publisher/config';
import { siteBuilder } from './build-tenants.ts';
import { configOrExit, loadSiteConfig, stopOnSignals } from './startup.ts';

const { publisher: config, site } = configOrExit((problems) => ({
  publisher: loadPublisherConfig(process.env, problems),
  site: loadSiteConfig(process.env, problems),
}));
const sourceUrl = config.sourceUrl ?? site.publicApiUrl;
const publisher = await startPublisher({ ...config, sourceUrl, site: siteBuilder({ sourceUrl, publicApiUrl: site.publicApiUrl }) });
stopOnSignals(() => publisher.stop());
