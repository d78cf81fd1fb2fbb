// `npm start`: the whole product on one machine. Starts the provider API (seeding the demo
// organization into an empty database), builds every tenant site against it and serves them.
import path from 'node:path';
import { ConfigError, loadConfig, type Config } from '../server/src/config.ts';
import { startApi } from '../server/src/server.ts';
import { buildTenants, type BuildOptions } from './build-tenants.ts';
import { startSitesServer } from './serve.ts';

export interface StartOptions extends Pick<BuildOptions, 'tenantsDir' | 'cacheDir' | 'outDir'> {
  /** Runs against the started API before the sites are built (fixtures for the browser tests). */
  beforeBuild?: (apiUrl: string) => Promise<void>;
}

export async function startProduct(config: Config, options: StartOptions = {}): Promise<() => Promise<void>> {
  const api = await startApi(config);
  await options.beforeBuild?.(api.url);
  const summary = await buildTenants({
    sourceUrl: api.url,
    publicApiUrl: config.publicApiUrl,
    ...(options.tenantsDir ? { tenantsDir: options.tenantsDir } : {}),
    ...(options.cacheDir ? { cacheDir: options.cacheDir } : {}),
    ...(options.outDir ? { outDir: options.outDir } : {}),
  });
  const sites = await startSitesServer({
    port: config.sitesPort,
    ...(options.outDir ? { sitesDir: path.join(options.outDir, 'sites') } : {}),
  });

  console.log(`\nProvider API: ${api.url}`);
  console.log(`Sites:        http://<webName>.localhost:${config.sitesPort}/ (${summary.built.join(', ')})`);
  console.log(`Demo:         ${sites.url}  (try card DE-MO00-001)\n`);
  return async () => {
    await Promise.all([sites.close(), api.close()]);
  };
}

/** Loads the configuration or ends the process naming every wrong variable. */
export function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

export function stopOnSignals(stop: () => Promise<void>): void {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().then(() => process.exit(0)));
  }
}

if (import.meta.main) stopOnSignals(await startProduct(configOrExit()));
