// The real API as `npm run api` starts it (server.ts's startApi: workers, sweep, the routes), with
// the rate limits lifted: a bench's load comes from one address, far past a venue's budget.
import { loadConfig } from '../../server/src/config.ts';
import { startApi } from '../../server/src/server.ts';

// startApi hands its options on to buildApp, whose SafetyOptions take the limits' override.
const options = { webhookSecret: null, rateLimit: { max: 1_000_000_000 } };
const api = await startApi(loadConfig(), options);
process.once('SIGTERM', () => void api.close().then(() => process.exit(0)));
