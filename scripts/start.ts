// `npm start`: the whole product on one machine. Starts the provider API (seeding the demo
// organization into an empty database), builds every tenant site against it and serves them.
import { ConfigError, loadConfig } from '../server/src/config.ts';
import { startApi } from '../server/src/server.ts';
import { buildTenants } from './build-tenants.ts';
import { startSitesServer } from './serve.ts';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exit(1);
}

const api = await startApi(config);
const summary = await buildTenants({ sourceUrl: api.url, publicApiUrl: config.publicApiUrl });
const sites = await startSitesServer({ port: config.sitesPort });

console.log(`\nProvider API: ${api.url}`);
console.log(`Sites:        http://<webName>.localhost:${config.sitesPort}/ (${summary.built.join(', ')})`);
console.log(`Demo:         ${sites.url}  (try card DE-MO00-001)\n`);

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void Promise.all([sites.close(), api.close()]).then(() => process.exit(0));
  });
}
