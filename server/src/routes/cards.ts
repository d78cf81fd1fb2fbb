import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { CardAnswer, CoverQuery, GalleryStartAnswer, GalleryStartQuery, MAX_CARDS, MediasAnswer, MediasBody, SecretQuery } from '@gallery/contract/media';
import { CardCode, PositiveId } from '@gallery/contract/schema';
import type { AppDeps } from '../app-deps.ts';
import { ApiError } from '../errors.ts';
import { COVER_CACHE_CONTROL, resolveCover } from '../services/download.ts';
import { cardMediasAnswer, galleryStartAnswer, mediasAnswer } from '../services/gallery.ts';

export function cardRoutes(fastify: FastifyInstance, { db, store }: AppDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/v1/card/:card/medias',
    {
      schema: {
        params: Type.Object({ card: CardCode }),
        querystring: Type.Object({ organization_id: PositiveId, ...SecretQuery.properties }),
        response: { 200: CardAnswer },
      },
    },
    async (request) => cardMediasAnswer(db, request.query.organization_id, request.params.card, request.query.secret),
  );

  app.post(
    '/api/v1/medias/:org/:firstCard',
    {
      schema: {
        params: Type.Object({ org: PositiveId, firstCard: CardCode }),
        querystring: SecretQuery,
        body: MediasBody,
        response: { 200: MediasAnswer },
      },
    },
    async (request) => {
      const { cards, after, limit } = request.body;
      // The first card always counts, even when the body leaves it out.
      return await mediasAnswer(db, request.params.org, [request.params.firstCard, ...cards], request.query.secret, { after, limit });
    },
  );

  app.get(
    '/api/v1/medias/:org/:firstCard/gallery',
    {
      schema: {
        params: Type.Object({ org: PositiveId, firstCard: CardCode }),
        querystring: GalleryStartQuery,
        response: { 200: GalleryStartAnswer },
      },
    },
    async (request) => {
      const { cards, secret, limit } = request.query;
      const others = cards ? cards.split(',') : [];
      if (others.length >= MAX_CARDS) throw new ApiError(400, 'VALIDATION_ERROR', `cards: at most ${MAX_CARDS} in all`);
      return await galleryStartAnswer(db, request.params.org, [request.params.firstCard, ...others], secret, limit);
    },
  );

  // The bytes themselves, even where the store gives signed links: a redirect would add the very
  // round trip the cover saves.
  app.get(
    '/api/v1/cover/:org/:card',
    { schema: { params: Type.Object({ org: PositiveId, card: CardCode }), querystring: CoverQuery } },
    async (request, reply) => {
      const { h, at = 0, secret } = request.query;
      const { org, card } = request.params;
      const cover = await resolveCover(db, store, { organizationId: org, card, secret, rowHeight: h, position: at });
      reply.header('Cache-Control', COVER_CACHE_CONTROL).header('ETag', cover.etag);
      if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim() === cover.etag)) return reply.code(304).send();
      return reply
        .header('Content-Type', cover.mime)
        .header('Content-Length', cover.bytes)
        .send(await store.read(cover.mediaId, cover.name));
    },
  );
}
