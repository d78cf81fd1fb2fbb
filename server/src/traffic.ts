import type { FastifyInstance } from 'fastify';

/** How long after the last answer the API still counts as serving: visitors' requests come in bursts. */
const QUIET_AFTER_MS = 200;

/**
 * Whether the API is serving requests (one under way, or one ended a moment ago), so background
 * work in the same process (the importer) can yield its cores. `watch` hooks an app before it
 * listens.
 */
export function trafficMeter(): { busy: () => boolean; watch: (app: FastifyInstance) => void } {
  let underWay = 0;
  let lastEnded = -Infinity;
  return {
    busy: () => underWay > 0 || performance.now() - lastEnded < QUIET_AFTER_MS,
    watch(app) {
      app.addHook('onRequest', (_request, reply, done) => {
        underWay++;
        // 'close' comes once per request, answered or abandoned.
        reply.raw.once('close', () => {
          underWay--;
          lastEnded = performance.now();
        });
        done();
      });
    },
  };
}
