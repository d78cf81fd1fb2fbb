import type { FastifyInstance } from 'fastify';
import { HealthAnswer, LIVENESS_PATH, READINESS_PATH } from '@gallery/contract/health';
import type { Db } from '../db.ts';
import { ApiError, RETRY_AFTER_S } from '../errors.ts';
import { databaseReadable } from '../services/health.ts';

/** Liveness and readiness (contract/health.ts); `stopping` is aborted when the process is told to stop. */
export function healthRoutes(app: FastifyInstance, { db, stopping }: { db: Db; stopping: AbortSignal | undefined }): void {
  const schema = { response: { 200: HealthAnswer } };
  app.get(LIVENESS_PATH, { schema }, async () => ({ ok: true as const }));
  app.get(READINESS_PATH, { schema }, async (_request, reply) => {
    // Stopping first: the load balancer sends nothing new while requests under way finish.
    const problem = stopping?.aborted ? 'the server is stopping' : (await databaseReadable(db)) ? undefined : 'the database cannot be read';
    if (!problem) return { ok: true as const };
    void reply.header('retry-after', String(RETRY_AFTER_S));
    throw new ApiError(503, 'UNAVAILABLE', problem);
  });
}
