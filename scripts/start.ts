// `npm start`: the whole product on one machine. Starts the provider API (seeding the demo
// organization into an empty database), the publisher (which builds every tenant site against it
// and rebuilds a site whenever its organization changes) and the preview server.
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { ConfigError, loadConfig, loadWebhookSecret, type Config } from '../server/src/config.ts';
import { startApi } from '../server/src/server.ts';
import { loadPublisherConfig, type PublisherConfig } from '../publisher/config.ts';
import { startPublisher } from '../publisher/publisher.ts';
import { buildDirs, type BuildOptions } from './build-tenants.ts';
import { startSitesServer } from './serve.ts';

export interface ProductConfig extends Config {
  publisher: PublisherConfig;
  webhookSecret: string | null;
}

export interface StartOptions extends Pick<BuildOptions, 'tenantsDir' | 'cacheDir' | 'outDir'> {
  /** Runs against the started API before the sites are built (fixtures for the browser tests). */
  beforeBuild?: (apiUrl: string) => Promise<void>;
}

export async function startProduct(config: ProductConfig, options: StartOptions = {}): Promise<() => Promise<void>> {
  // The publisher records tenant folder changes through the change webhook: on one machine a
  // secret of the run's own does, when none is configured.
  const webhookSecret = config.webhookSecret ?? randomBytes(32).toString('hex');
  const api = await startApi(config, { webhookSecret });
  await options.beforeBuild?.(api.url);
  const dirs = buildDirs(options);
  const publisher = await startPublisher({
    ...config.publisher,
    ...dirs,
    sourceUrl: config.publisher.sourceUrl ?? api.url,
    publicApiUrl: config.publicApiUrl,
    webhookSecret,
  });
  const sites = await startSitesServer({ port: config.sitesPort, sitesDir: path.join(dirs.outDir, 'sites') });

  console.log(`\nProvider API: ${api.url}`);
  console.log(`Sites:        http://<webName>.localhost:${config.sitesPort}/ (rebuilt when their organization changes)`);
  console.log(`Demo:         ${sites.url}  (try card DE-MO00-001)\n`);
  return async () => {
    await publisher.stop();
    await Promise.all([sites.close(), api.close()]);
  };
}

/** Loads the configuration or ends the process naming every wrong variable. */
export function configOrExit(env: NodeJS.ProcessEnv = process.env): ProductConfig {
  const problems: string[] = [];
  const publisher = loadPublisherConfig(env, problems);
  try {
    const config = loadConfig(env);
    if (!problems.length) return { ...config, publisher, webhookSecret: loadWebhookSecret(env) };
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
  }
  if (problems.length) console.error(`Invalid publisher configuration:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}

export function stopOnSignals(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().then(() => process.exit(0)));
  }
}

if (import.meta.main) stopOnSignals(await startProduct(configOrExit()));
