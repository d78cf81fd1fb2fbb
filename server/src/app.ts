import type { DatabaseSync } from 'node:sqlite';
import cors from '@fastify/cors';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { registerErrorHandling } from './errors.ts';
import { cardRoutes } from './routes/cards.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { healthRoutes } from './routes/health.ts';
import { organizationRoutes } from './routes/organizations.ts';

/** What every route needs; passed in so tests can build the app on a throw-away folder. */
export interface AppDeps {
  db: DatabaseSync;
  dataDir: string;
}

const BODY_LIMIT = 1024 * 1024;

/** Builds the API without listening: the server listens, tests call `inject()`. */
export function buildApp({ db, dataDir, logger = false }: AppDeps & { logger?: FastifyServerOptions['logger'] }): FastifyInstance {
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // Query strings need scalar coercion ("12" to 12), but Fastify's default 'array' mode would
    // also turn a body's `"cards": "X"` into ["X"]; a list must arrive as a list.
    ajv: { customOptions: { coerceTypes: true } },
  });
  // Every tenant site lives on its own host; until the hosts are known, any origin may call.
  void app.register(cors, { origin: true });
  registerErrorHandling(app);
  const deps: AppDeps = { db, dataDir };
  healthRoutes(app);
  organizationRoutes(app, deps);
  cardRoutes(app, deps);
  downloadRoutes(app, deps);
  return app;
}
