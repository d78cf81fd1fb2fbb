// The real API as `npm run api` starts it (server.ts's startApi: workers, sweep, the routes), with
// the rate limits lifted: a bench's load comes from one address, far past a venue's budget.
import { loadConfig } from '../../server/src/config.ts';
import { startApi } from '../../server/src/server.ts';

const api = await startApi(loadConfig(process.env), { webhookSecret: null, rateLimit: { max: 1_000_000_000 } });
process.once('SIGTERM', () => void api.close().then(() => process.exit(0)));
