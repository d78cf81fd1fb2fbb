import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { OrganizationAnswer, OrganizationChangedBody, OrganizationList, OrganizationListQuery } from '@gallery/contract/organization';
import { Str } from '@gallery/contract/schema';
import type { AppDeps } from '../app-deps.ts';
import { ApiError } from '../errors.ts';
import { checkSignature, type Signed } from '@gallery/contract/signature';
import { recordAnnouncedChange } from '../services/organization-changes.ts';
import { findOrganizationByWebName, listOrganizations, listRemovedOrganizations } from '../repositories/organizations.ts';

// The contract's schemas validate the path and serialize the answers (fast-json-stringify).
export function organizationRoutes(fastify: FastifyInstance, { db, webhookSecret }: AppDeps & { webhookSecret: string | null }): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  // The site build and the publisher list web names here; `changed_since` answers what changed.
  app.get('/api/v1/organizations', { schema: { querystring: OrganizationListQuery, response: { 200: OrganizationList } } }, async (request) => {
    const given = request.query.changed_since;
    if (given === undefined) return { error: false as const, organizations: await listOrganizations(db) };
    // Stored instants carry milliseconds: compare in the same form.
    const since = new Date(given).toISOString();
    return { error: false as const, organizations: await listOrganizations(db, since), removed: await listRemovedOrganizations(db, since) };
  });

  app.get('/api/v1/organization/:webName', { schema: { params: Type.Object({ webName: Str() }), response: { 200: OrganizationAnswer } } }, async (request) => {
    const organization = await findOrganizationByWebName(db, request.params.webName);
    if (!organization) throw new ApiError(404, 'ORGANIZATION_NOT_FOUND');
    return { error: false as const, message: 'OK', organization };
  });

  // A provider whose back office lives elsewhere announces a change, signed with the shared
  // secret over the time it was sent and the exact bytes sent; the publisher then rebuilds that site.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    const signedRequests = new WeakMap<object, Signed>();
    scope.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
      (request as { rawBody?: string }).rawBody = body as string;
      try {
        done(null, JSON.parse(body as string));
      } catch {
        done(new ApiError(400, 'VALIDATION_ERROR', 'the body is not valid JSON'));
      }
    });
    scope.post(
      '/api/v1/organizations/changed',
      {
        schema: { body: OrganizationChangedBody, response: { 200: OrganizationList } },
        // The signature is checked before the body's shape: an unsigned caller learns nothing.
        preValidation: async (request) => {
          if (!webhookSecret) throw new ApiError(403, 'FORBIDDEN', 'the change webhook is not configured');
          const header = (name: string) => [request.headers[name]].flat()[0];
          const check = checkSignature(webhookSecret, (request as { rawBody?: string }).rawBody ?? '', header('x-signature-timestamp'), header('x-signature'));
          if (!check.ok) throw new ApiError(401, 'INVALID_SIGNATURE', check.reason);
          signedRequests.set(request, check);
        },
      },
      async (request) => recordAnnouncedChange(db, request.body.web_name, signedRequests.get(request)!),
    );
  });
}
