import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OrganizationAnswer, OrganizationList } from '../../../contract/organization.ts';
import type { AppDeps } from '../app.ts';
import { ApiError } from '../errors.ts';
import { findOrganizationByWebName, listOrganizations } from '../repositories/organizations.ts';

// The contract's schemas validate the path and serialize the answers (fast-json-stringify).
export function organizationRoutes(fastify: FastifyInstance, { db }: AppDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // The site build lists web names here before fetching each organization.
  app.get('/api/v1/organizations', { schema: { response: { 200: OrganizationList } } }, async () => ({
    error: false as const,
    organizations: listOrganizations(db),
  }));

  app.get(
    '/api/v1/organization/:webName',
    { schema: { params: Type.Object({ webName: Type.String() }), response: { 200: OrganizationAnswer } } },
    async (request) => {
      const organization = findOrganizationByWebName(db, request.params.webName);
      if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
      return { error: false as const, message: 'OK', organization };
    },
  );
}
