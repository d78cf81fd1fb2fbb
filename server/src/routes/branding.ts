import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BrandingList } from '@gallery/contract/media';
import { Str } from '@gallery/contract/schema';
import type { AppDeps } from '../app-deps.ts';
import { brandingFile, listBranding } from '../services/branding.ts';

/** The organizations' branding files (stored in the database), which the site build copies into each site. */
export function brandingRoutes(fastify: FastifyInstance, { db }: AppDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get('/api/v1/branding/:webName', { schema: { params: Type.Object({ webName: Str() }), response: { 200: BrandingList } } }, async (request) => ({
    error: false as const,
    files: await listBranding(db, request.params.webName),
  }));

  app.get('/api/v1/branding/:webName/:file', { schema: { params: Type.Object({ webName: Str(), file: Str() }) } }, async (request, reply) => {
    const { bytes, contentType } = await brandingFile(db, request.params.webName, request.params.file);
    return reply.header('content-type', contentType).header('cache-control', 'public, max-age=300').send(bytes);
  });
}
