// `npm start`: the whole product on one machine. Starts the provider API (seeding the demo
// organization into an empty database), the publisher (which builds every tenant site against it
// and rebuilds a site whenever its organization changes) and the preview server. Each reads its
// own variables, all checked here at once.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { loadPublisherConfig, type PublisherConfig } from '@gallery/publisher/config';
import { startPublisher } from '@gallery/publisher';
import { startApi } from '@gallery/server';
import { loadConfig, type Config } from '@gallery/server/config';
import { buildDirs, siteBuilder, type BuildOptions } from './build-tenants.ts';
import { startSitesServer } from './serve.ts';
import { configOrExit, loadSiteConfig, stopOnSignals, type SiteConfig } from './startup.ts';

export interface ProductConfig {
  api: Config;
  publisher: PublisherConfig;
  site: SiteConfig;
}

export interface StartOptions extends Pick<BuildOptions, 'tenantsDir' | 'cacheDir' | 'outDir'> {
  /** Runs against the started API before the sites are built (fixtures for the browser tests). */
  beforeBuild?: (apiUrl: string) => Promise<void>;
}

export async function startProduct(config: ProductConfig, options: StartOptions = {}): Promise<() => Promise<void>> {
  // The publisher records tenant folder changes through the change webhook: on one machine a
  // secret of the run's own does, when none is configured.
  const webhookSecret = config.publisher.webhookSecret ?? randomBytes(32).toString('hex');
  const api = await startApi(config.api, { webhookSecret });
  await options.beforeBuild?.(api.url);
  const sourceUrl = config.publisher.sourceUrl ?? api.url;
  const site = siteBuilder({ ...options, sourceUrl, publicApiUrl: config.site.publicApiUrl });
  const publisher = await startPublisher({ ...config.publisher, sourceUrl, webhookSecret, site });
  const sites = await startSitesServer({ port: config.site.sitesPort, sitesDir: path.join(buildDirs(options).outDir, 'sites') });

  console.log(`\nProvider API: ${api.url}`);
  console.log(`Sites:        http://<webName>.localhost:${config.site.sitesPort}/ (rebuilt when their organization changes)`);
  console.log(`Demo:         ${sites.url}  (try card DE-MO00-001)\n`);
  return async () => {
    await publisher.stop();
    await Promise.all([sites.close(), api.close()]);
  };
}

/** Every deployable's configuration from one environment, or the process ends naming every wrong variable. */
export function productConfigOrExit(env: NodeJS.ProcessEnv): ProductConfig {
  return configOrExit((problems) => {
    const publisher = loadPublisherConfig(env, problems);
    const site = loadSiteConfig(env, problems);
    return { publisher, site, api: loadConfig(env) };
  });
}

if (import.meta.main) stopOnSignals(await startProduct(productConfigOrExit(process.env)));
