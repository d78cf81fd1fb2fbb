import { Type, type Static } from 'typebox';

// The calls a load balancer or an orchestrator asks, outside /api/v1.

/** GET /healthz: liveness. Answers while the process is alive; touches nothing slow (no database). */
export const LIVENESS_PATH = '/healthz';
/**
 * GET /readyz: readiness. 200 when the database answers a read within a short timeout; 503
 * UNAVAILABLE (with Retry-After) when it does not, and from the moment the process is told to stop.
 */
export const READINESS_PATH = '/readyz';

/** Both answer this when all is well. */
export const HealthAnswer = Type.Object({ ok: Type.Literal(true) });
export type WireHealthAnswer = Static<typeof HealthAnswer>;
