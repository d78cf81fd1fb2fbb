import type { AppDeps } from './app-deps.ts';
import type { Db } from './db.ts';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { FORMATS } from '@gallery/contract/schema';
import { clientError, frameworkError, MAX_PARAM_LENGTH, registerErrorHandling } from './errors.ts';
import { brandingRoutes } from './routes/branding.ts';
import { mailRoutes } from './routes/mail.ts';
import { cardRoutes } from './routes/cards.ts';
import { downloadRoutes } from './routes/downloads.ts';
import { healthRoutes } from './routes/health.ts';
import { organizationRoutes } from './routes/organizations.ts';
import { visitorRoutes } from './routes/visitors.ts';
import { allowedOrigins, registerSafety, type SafetyOptions } from './safety.ts';
import { validatorCompiler } from './validation.ts';
import { shopRoutes } from './routes/shop.ts';
import { SANDBOX_PIX, type PixConfig } from './config.ts';
import type { PaymentGateway } from './services/payments/gateway.ts';
import { createSandboxGateway, type SandboxGateway } from './services/payments/sandbox.ts';
import { createLocalStore } from './storage/local-store.ts';

const BODY_LIMIT = 1024 * 1024;

/** The built-in sandbox gateway, the shop's gateway unless a real one is passed in: the configured PIX receiver and delay, else the sandbox's. */
export function sandboxGateway(db: Db, dataDir: string, { pix = SANDBOX_PIX, delayMs = 0 }: { pix?: PixConfig; delayMs?: number } = {}): SandboxGateway {
  return createSandboxGateway({ db, dataDir, pix, delayMs });
}

/** Builds the API without listening: the server listens, tests call `inject()`. */
export function buildApp({
  db,
  dataDir,
  store = createLocalStore(dataDir),
  logger = false,
  gateway,
  webhookSecret = null,
  stopping,
  ...safety
}: Omit<AppDeps, 'store'> &
  Partial<Pick<AppDeps, 'store'>> &
  SafetyOptions & {
    logger?: FastifyServerOptions['logger'];
    gateway?: PaymentGateway;
    webhookSecret?: string | null;
    /** Aborted when the process is told to stop: readiness answers 503 from then on. */
    stopping?: AbortSignal;
  }): FastifyInstance {
  const allowed = allowedOrigins(safety);
  const app = Fastify({
    logger,
    bodyLimit: BODY_LIMIT,
    // The serializer checks union branches with its own Ajv: it must know the contract's formats.
    serializerOpts: { ajv: { formats: FORMATS } },
    // Malformed paths and unparseable requests answer in the one error shape too.
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: frameworkError(allowed),
    clientErrorHandler: clientError,
    // While closing, requests that reach an open connection are still served (then it closes):
    // readiness turned 503 first, so the load balancer sends few, and Fastify's own 503 is not
    // in the API's error shape.
    return503OnClosing: false,
  });
  // One validator for requests, the CLI's files and the build: TypeBox, with the contract's
  // schemas. It converts scalars in paths and queries ("12" to 12) and never coerces a body.
  app.setValidatorCompiler(validatorCompiler);
  // CORS for the tenant sites' origins and rate limits on the look-ups (see safety.ts).
  registerSafety(app, db, allowed, safety);
  registerErrorHandling(app);
  // Stopping, every answer closes its connection: an idle keep-alive socket would hold the
  // server's close until its timeout.
  if (stopping) {
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (stopping.aborted) void reply.header('connection', 'close');
      done(null, payload);
    });
  }
  // JSON answers travel compressed (the 20,000-media list: 5.9 MB as text); photos, videos and
  // ZIPs are sent as they are (their types are not compressible). Request bodies are never
  // inflated: an upload's size limit must hold for the bytes the client actually sends.
  void app.register(compress, { globalDecompression: false });
  const deps: AppDeps = { db, dataDir, store };
  // Declared inside a plugin, so the hooks of the plugins registered above (compression) reach them.
  void app.register(async (api) => {
    healthRoutes(api, { db, stopping });
    organizationRoutes(api, { ...deps, webhookSecret });
    brandingRoutes(api, deps);
    mailRoutes(api, deps);
    cardRoutes(api, deps);
    downloadRoutes(api, deps);
    visitorRoutes(api, deps);
    shopRoutes(api, { ...deps, gateway: gateway ?? sandboxGateway(db, dataDir) });
  });
  return app;
}
