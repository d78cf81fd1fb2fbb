import type { FastifyInstance } from 'fastify';
import type { WireOrganizationAnswer, WireOrganizationList } from '../../../src/lib/api/wire.ts';
import type { AppDeps } from '../app.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationByWebName, listOrganizations } from '../repositories/organizations.ts';

export function organizationRoutes(app: FastifyInstance, { db }: AppDeps): void {
  // The site build lists web names here before fetching each organization.
  app.get('/api/v1/organizations', async (): Promise<WireOrganizationList> => ({
    error: false,
    organizations: listOrganizations(db),
  }));

  app.get<{ Params: { webName: string } }>(
    '/api/v1/organization/:webName',
    { schema: { params: { type: 'object', required: ['webName'], properties: { webName: { type: 'string' } } } } },
    async (request): Promise<WireOrganizationAnswer> => {
      const organization = findOrganizationByWebName(db, request.params.webName);
      if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
      return { error: false, message: 'OK', organization };
    },
  );
}
