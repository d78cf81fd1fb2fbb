import cors from '@fastify/cors';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCorsOrigins } from './config.ts';
import { corsOriginMatcher } from './cors.ts';
import { ApiError } from './errors.ts';

export interface SafetyOptions {
  /** Look-ups per client address per window on the guessable calls; default 120 a minute. */
  rateLimit?: { max: number; timeWindowMs?: number };
  /** CORS_ORIGINS entries; default read (and checked) from the environment. */
  corsOrigins?: readonly string[];
}

/**
 * The calls that take something a visitor could guess (card codes, credentials, customer
 * data). They share one budget per client address, so spreading guesses over them gains nothing.
 */
export const RATE_LIMITED_ROUTES = new Set([
  '/api/v1/card/:card/medias',
  '/api/v1/medias/:org/:firstCard',
  '/api/v1/card/customer/external_id/:credentialId',
  '/api/v1/customer/card/medias',
]);

export function registerSafety(app: FastifyInstance, options: SafetyOptions = {}): void {
  const allowed = corsOriginMatcher(options.corsOrigins ?? readCorsOrigins());
  // A refused origin gets no CORS headers at all; the browser then blocks the answer.
  void app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed(origin)),
    // The plugin allows only GET, HEAD and POST unless told; the sites also delete (media, order items).
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
  });
  // The plugin's own per-route hooks only reach routes declared after it has loaded, and
  // buildApp declares routes synchronously; so one app-wide hook applies its limiter instead.
  let limiter: ((request: FastifyRequest, reply: FastifyReply) => Promise<unknown>) | undefined;
  void app.register(rateLimit, {
    global: false,
    max: options.rateLimit?.max ?? 120,
    timeWindow: options.rateLimit?.timeWindowMs ?? 60_000,
    // Counted per client address (request.ip).
    errorResponseBuilder: () => new ApiError(429, 'RATE_LIMITED'),
  });
  app.after((error) => {
    if (!error) limiter = app.rateLimit();
  });
  app.addHook('onRequest', async (request, reply) => {
    if (limiter && RATE_LIMITED_ROUTES.has(request.routeOptions.url ?? '')) await limiter(request, reply);
  });
}
