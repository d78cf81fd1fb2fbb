import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type, type Static } from 'typebox';
import {
  CredentialCardsAnswer,
  CustomerCardAnswer,
  CustomerSearchBody,
  DeleteAnswer,
  FaceSearchAnswer,
  FaceSearchQuery,
  isYes,
  OrganizationQuery,
  SecretQuery,
  UploadAnswer,
  UploadQuery,
  ZipAnswer,
  ZipBody,
} from '@gallery/contract/media';
import { Id, MediaId, PositiveId } from '@gallery/contract/schema';
import type { AppDeps } from '../app-deps.ts';
import { ApiError } from '../errors.ts';
import { credentialCards, customerCardAnswer } from '../services/visitor-customers.ts';
import { faceEngine } from '../services/face-engine.ts';
import { faceSearchOrganization } from '../services/face-period.ts';
import { searchByFaces } from '../services/face-search.ts';
import { deleteMedia } from '../services/media-delete.ts';
import { resolveDownload } from '../services/download.ts';
import { DownloadQuery, FileParams, redirectOrHeaders, wantedFile } from './downloads.ts';
import { parseRange } from '../services/range.ts';
import {
  multipartBodyLimit,
  receiveInMemory,
  receiveParts,
  storeUpload,
  uploadScratch,
  uploadTarget,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  type UploadPart,
} from '../services/visitor-upload.ts';
import { createZipLink, planZip, ZIP_FILE_NAME, zipStream } from '../services/zip.ts';

/** Each photo costs about half a second of inference. */
const FACE_SEARCH_MAX_PHOTOS = 5;

/** The absolute origin the visitor called, so links work behind any host name. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function visitorRoutes(fastify: FastifyInstance, { db, store }: AppDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.post(
    '/api/v1/medias/zip',
    {
      schema: {
        querystring: Type.Object({ ...OrganizationQuery.properties, ...SecretQuery.properties }),
        body: ZipBody,
        response: { 200: ZipAnswer },
      },
    },
    async (request) => ({
      error: false as const,
      url: await createZipLink(
        db,
        { organizationId: request.query.organization_id, mediaIds: request.body.media_ids, secret: request.query.secret },
        requestOrigin(request),
      ),
    }),
  );

  app.get(`/api/v1/medias/zip/:token/${ZIP_FILE_NAME}`, { schema: { params: Type.Object({ token: Id }) } }, async (request, reply) => {
    const plan = await planZip(db, store, request.params.token);
    const { stream, length } = zipStream(plan, store);
    stream.on('error', (error) => {
      // Headers are gone already: the best left is to cut the download short.
      request.log.error({ err: error }, 'zip failed');
      reply.raw.destroy(error);
    });
    reply.raw.on('close', () => stream.destroy());
    return reply
      .header('Content-Length', length)
      .header('Content-Type', 'application/zip')
      .header('Content-Disposition', `attachment; filename="${ZIP_FILE_NAME}"`)
      .header('Cache-Control', 'no-store')
      .send(stream);
  });

  app.get(
    '/api/v1/card/customer/external_id/:credentialId',
    {
      schema: {
        params: Type.Object({ credentialId: Id }),
        querystring: Type.Object({ organization_id: Type.Optional(PositiveId) }),
        response: { 200: CredentialCardsAnswer },
      },
    },
    async (request) => ({
      error: false as const,
      cards: await credentialCards(db, request.params.credentialId, request.query.organization_id),
    }),
  );

  app.post('/api/v1/customer/card/medias', { schema: { body: CustomerSearchBody, response: { 200: CustomerCardAnswer } } }, async (request) =>
    customerCardAnswer(db, request.body),
  );

  app.delete(
    '/api/v1/media/:id',
    { schema: { params: Type.Object({ id: MediaId }), querystring: OrganizationQuery, response: { 200: DeleteAnswer } } },
    async (request) => {
      await deleteMedia(db, store, request.query.organization_id, request.params.id, (error) => request.log.error({ err: error }, 'media files left behind'));
      return { error: false as const, message: 'OK' };
    },
  );

  app.get('/api/v1/video/download/:id/:filename', { schema: { params: FileParams, querystring: DownloadQuery } }, async (request, reply) =>
    sendVideoFile({ id: request.params.id, query: request.query, range: request.headers.range }, reply, { db, store }),
  );

  // Multipart only in this scope: other routes keep refusing multipart bodies.
  void app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    await scope.register(multipart, {
      limits: { files: UPLOAD_MAX_FILES, fileSize: UPLOAD_MAX_FILE_BYTES, fields: 20, fieldSize: 1024, parts: UPLOAD_MAX_FILES + 20 },
    });
    scope.post(
      '/api/v1/photo/:org',
      {
        bodyLimit: multipartBodyLimit(UPLOAD_MAX_FILES),
        schema: { params: Type.Object({ org: PositiveId }), querystring: UploadQuery, response: { 200: UploadAnswer } },
      },
      async (request) => {
        if (!request.isMultipart()) throw new ApiError(415, 'VALIDATION_ERROR', 'send multipart/form-data with photos[] files');
        const { card_code: cardCode, secret, must_edit: mustEdit } = request.query;
        const target = await uploadTarget(db, request.params.org, { cardCode, secret, mustEdit: isYes(mustEdit) });
        const folder = await uploadScratch(store);
        try {
          const files = await receiveParts(request.parts() as AsyncIterable<UploadPart | { type: 'field' }>, folder);
          return await storeUpload(db, store, target, files);
        } finally {
          await fs.promises.rm(folder, { recursive: true, force: true });
        }
      },
    );

    scope.post(
      '/api/v1/card/search/photo',
      { bodyLimit: multipartBodyLimit(FACE_SEARCH_MAX_PHOTOS), schema: { querystring: FaceSearchQuery, response: { 200: FaceSearchAnswer } } },
      async (request) => {
        if (!request.isMultipart()) throw new ApiError(415, 'VALIDATION_ERROR', 'send multipart/form-data with photos[] files');
        const { organization_id: organizationId, from_date: fromDate, to_date: toDate } = request.query;
        const organization = await faceSearchOrganization(db, organizationId);
        // The selfies stay in memory: never written anywhere, gone with the request.
        const photos = await receiveInMemory(request.parts() as AsyncIterable<UploadPart | { type: 'field' }>, FACE_SEARCH_MAX_PHOTOS);
        return await searchByFaces(db, faceEngine(), { organization, fromDate, toDate, photos });
      },
    );
  });
}

/** Poster, preview clip or original of a video; honours a single `Range` on every size. */
async function sendVideoFile(
  wanted: { id: string; query: Static<typeof DownloadQuery>; range: string | undefined },
  reply: FastifyReply,
  { db, store }: Pick<AppDeps, 'db' | 'store'>,
) {
  const file = await resolveDownload(db, store, { type: 'video', id: wanted.id, ...wantedFile(wanted.query) });
  const redirected = await redirectOrHeaders(reply, store, file);
  if (redirected) return redirected;
  reply.header('Accept-Ranges', 'bytes');
  const range = parseRange(wanted.range, file.bytes);
  if (range === 'unsatisfiable') {
    reply.removeHeader('Content-Disposition');
    return reply
      .status(416)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Range', `bytes */${file.bytes}`)
      .send({ error: true, message: 'VALIDATION_ERROR', detail: 'range not satisfiable' });
  }
  if (!range) return reply.header('Content-Length', file.bytes).send(await store.read(file.mediaId, file.name));
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.bytes}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(await store.read(file.mediaId, file.name, range));
}
