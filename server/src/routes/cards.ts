import type { FastifyInstance } from 'fastify';
import type { WireCardAnswer, WireMediasAnswer } from '../../../src/lib/api/wire.ts';
import type { AppDeps } from '../app.ts';
import { cardMediasAnswer, mediasAnswer } from '../services/gallery.ts';

const MAX_CARDS = 50;
// Generous for a 9-character code typed with dashes or spaces; bounds the work per request.
const MAX_CODE_LENGTH = 32;
const secretQuery = { type: 'string', maxLength: 64 } as const;

export function cardRoutes(app: FastifyInstance, { db }: AppDeps): void {
  app.get<{ Params: { card: string }; Querystring: { organization_id: number; secret?: string } }>(
    '/api/v1/card/:card/medias',
    {
      schema: {
        params: { type: 'object', required: ['card'], properties: { card: { type: 'string' } } },
        querystring: {
          type: 'object',
          required: ['organization_id'],
          properties: { organization_id: { type: 'integer', minimum: 1 }, secret: secretQuery },
        },
      },
    },
    async (request): Promise<WireCardAnswer> =>
      cardMediasAnswer(db, request.query.organization_id, request.params.card, request.query.secret),
  );

  app.post<{ Params: { org: number; firstCard: string }; Querystring: { secret?: string }; Body: { cards: string[] } }>(
    '/api/v1/medias/:org/:firstCard',
    {
      schema: {
        params: {
          type: 'object',
          required: ['org', 'firstCard'],
          properties: { org: { type: 'integer', minimum: 1 }, firstCard: { type: 'string' } },
        },
        querystring: { type: 'object', properties: { secret: secretQuery } },
        body: {
          type: 'object',
          required: ['cards'],
          properties: {
            cards: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_CARDS,
              items: { type: 'string', maxLength: MAX_CODE_LENGTH },
            },
          },
        },
      },
    },
    async (request): Promise<WireMediasAnswer> =>
      // The first card always counts, even when the body leaves it out.
      mediasAnswer(db, request.params.org, [request.params.firstCard, ...request.body.cards], request.query.secret),
  );
}
