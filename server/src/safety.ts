import cors from '@fastify/cors';
import type { Db } from './db.ts';
import type { FastifyInstance } from 'fastify';
import type { RateLimitStore } from './config.ts';
import { corsOriginMatcher } from './cors.ts';
import { ApiError } from './errors.ts';
import { databaseHitCounter, memoryHitCounter } from './services/rate-limit-store.ts';

interface Budget {
  max: number;
  timeWindowMs: number;
}

export interface SafetyOptions {
  /** Overrides every limit profile's budget (tests, benches); default LIMIT_PROFILES. */
  rateLimit?: { max: number; timeWindowMs?: number };
  /** Where the counters live (RATE_LIMIT_STORE as the configuration read it); in memory by default. */
  rateLimitStore?: RateLimitStore;
  /** CORS_ORIGINS entries, as the configuration checked them; none by default (`*.localhost` is always allowed). */
  corsOrigins?: readonly string[];
}

/**
 * Calls per client address (request.ip) per window. Each profile is one budget that all its
 * calls share. The figures leave room for a venue's visitors behind one shared address and for
 * the browser suite, which runs every visit from 127.0.0.1.
 */
export const LIMIT_PROFILES = {
  /**
   * Calls that answer differently when a card, credential or customer exists. One visit spends
   * about six (home look-up, the gallery's first answer and its three covers, order): sixty
   * visits a minute behind one address. Sharing one budget means spreading guesses over them
   * gains nothing.
   */
  lookup: { max: 360, timeWindowMs: 60_000 },
  /** Calls that cost real work: decoding photos, face inference, streaming originals. */
  costly: { max: 30, timeWindowMs: 60_000 },
  /**
   * The change webhook: a back office announces a few changes a minute, a batch of them at
   * most; past that it is a flood of (replayed or forged) requests, each a signature check
   * and a write.
   */
  webhook: { max: 120, timeWindowMs: 60_000 },
} as const satisfies Record<string, Budget>;

type LimitProfile = keyof typeof LIMIT_PROFILES;

/** The limited calls (`METHOD route`; HEAD counts as GET) and the budgets each one draws on. */
const LIMITED_ROUTES: Readonly<Record<string, readonly LimitProfile[]>> = {
  'GET /api/v1/card/:card/medias': ['lookup'],
  'POST /api/v1/medias/:org/:firstCard': ['lookup'],
  // The gallery's first call (organization and first page together) and its covers: card look-ups too.
  'GET /api/v1/medias/:org/:firstCard/gallery': ['lookup'],
  'GET /api/v1/cover/:org/:card': ['lookup'],
  'GET /api/v1/card/customer/external_id/:credentialId': ['lookup'],
  'POST /api/v1/customer/card/medias': ['lookup'],
  'POST /api/v1/order/:firstCard/:orgId': ['lookup'],
  'POST /api/v1/order/:orderId/card/:card': ['lookup'],
  // It answers CARD_NOT_FOUND too; the service also limits each address.
  'POST /api/v1/notify/:org/:card': ['lookup'],
  'POST /api/v1/notify/:org': ['lookup'],
  // `card_code` answers CARD_NOT_FOUND unless it is an upload card.
  'POST /api/v1/photo/:org': ['lookup', 'costly'],
  'POST /api/v1/card/search/photo': ['costly'],
  'POST /api/v1/medias/zip': ['costly'],
  'GET /api/v1/medias/zip/:token/fotos.zip': ['costly'],
  'POST /api/v1/organizations/changed': ['webhook'],
};

/**
 * Every answer is data or a file, never a page: browsers must take it as its stated type, and a
 * branding SVG opened on its own may draw (inline styles) but run nothing.
 */
const NO_ACTIVE_CONTENT = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'; sandbox",
} as const;

/** Whether a browser origin may read the API's answers (the tenant sites'). */
export function allowedOrigins(options: SafetyOptions): (origin: string) => boolean {
  return corsOriginMatcher(options.corsOrigins ?? []);
}

export function registerSafety(app: FastifyInstance, db: Db, allowed: (origin: string) => boolean, options: SafetyOptions = {}): void {
  // A refused origin gets no CORS headers at all; the browser then blocks the answer.
  void app.register(cors, {
    origin: (origin, callback) => callback(null, origin !== undefined && allowed(origin)),
    // The plugin allows only GET, HEAD and POST unless told; the sites also delete (media, order items).
    methods: ['GET', 'HEAD', 'POST', 'DELETE'],
  });
  const budgets = Object.fromEntries(Object.entries(LIMIT_PROFILES).map(([profile, budget]) => [profile, { ...budget, ...options.rateLimit }])) as Record<
    LimitProfile,
    Budget
  >;
  const counter = options.rateLimitStore === 'database' ? databaseHitCounter(db) : memoryHitCounter();
  // One hook for every request: the headers every answer carries, a body larger than its call
  // takes refused by its Content-Length before a byte of it is read (the route's bodyLimit:
  // 1 MiB of JSON, an upload's files at their limit), then the budgets the call draws on, each
  // counted per client address.
  app.addHook('onRequest', async (request, reply) => {
    reply.headers(NO_ACTIVE_CONTENT);
    const { bodyLimit } = request.routeOptions;
    if (Number(request.headers['content-length']) > bodyLimit) {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE', `the body may have at most ${bodyLimit} bytes`);
    }
    const method = request.method === 'HEAD' ? 'GET' : request.method;
    for (const profile of LIMITED_ROUTES[`${method} ${request.routeOptions.url}`] ?? []) {
      const { max, timeWindowMs } = budgets[profile];
      const now = Date.now();
      const window = await counter.count(`${profile}:${request.ip}`, timeWindowMs, now);
      if (window.hits > max) {
        reply.header('retry-after', Math.ceil((window.window_started_ms + timeWindowMs - now) / 1000));
        throw new ApiError(429, 'RATE_LIMITED');
      }
    }
  });
}
