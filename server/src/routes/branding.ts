import { createReadStream } from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from 'typebox';
import { BrandingList } from '../../../contract/media.ts';
import { contentTypeOf } from '../../../src/lib/content-types.ts';
import type { AppDeps } from '../app.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationByWebName } from '../repositories/organizations.ts';
import { brandingFile, listBranding } from '../services/branding.ts';

/** The organizations' branding files, which the site build copies into each site. */
export function brandingRoutes(fastify: FastifyInstance, { db, dataDir }: AppDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();
  const webNameOf = async (raw: string) => {
    const organization = await findOrganizationByWebName(db, raw);
    if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
    return organization.web_name;
  };

  app.get(
    '/api/v1/branding/:webName',
    { schema: { params: Type.Object({ webName: Type.String() }), response: { 200: BrandingList } } },
    async (request) => ({ error: false as const, files: await listBranding(dataDir, await webNameOf(request.params.webName)) }),
  );

  app.get('/api/v1/branding/:webName/:file', { schema: { params: Type.Object({ webName: Type.String(), file: Type.String() }) } }, async (request, reply) => {
    // Only a stored branding name ever becomes a path: no traversal.
    const file = await brandingFile(dataDir, await webNameOf(request.params.webName), request.params.file);
    if (!file) throw new ApiError(404, 'NOT_FOUND');
    return reply
      .header('content-type', contentTypeOf(file))
      .header('cache-control', 'public, max-age=300')
      .send(createReadStream(file));
  });
}
