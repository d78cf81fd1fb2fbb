import fs from 'node:fs';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type {
  WireCredentialCardsAnswer,
  WireCustomerCardAnswer,
  WireDeleteAnswer,
  WireFaceSearchAnswer,
  WireUploadAnswer,
  WireZipAnswer,
} from '../../../src/lib/api/wire.ts';
import type { AppDeps } from '../app.ts';
import { ApiError } from '../errors.ts';
import { credentialCards, customerCardAnswer, type CustomerSearch } from '../services/visitor-customers.ts';
import { faceEngine } from '../services/face-engine.ts';
import { faceSearchOrganization, searchByFaces } from '../services/face-search.ts';
import { deleteMedia } from '../services/media-delete.ts';
import { resolveDownload } from '../services/download.ts';
import type { DownloadSize } from '../services/media-files.ts';
import { DOWNLOAD_QUERY } from './downloads.ts';
import { parseRange } from '../services/range.ts';
import {
  receiveParts,
  storeUpload,
  uploadScratch,
  uploadTarget,
  UPLOAD_MAX_FILE_BYTES,
  UPLOAD_MAX_FILES,
  type UploadPart,
} from '../services/visitor-upload.ts';
import { createZipLink, planZip, ZIP_FILE_NAME, zipStream } from '../services/zip.ts';

const MAX_ZIP_MEDIA = 5000;
/** Each photo costs about half a second of inference. */
const FACE_SEARCH_MAX_PHOTOS = 5;
const organizationQuery = {
  type: 'object',
  required: ['organization_id'],
  properties: { organization_id: { type: 'integer', minimum: 1 } },
} as const;
const searchText = { type: 'string', maxLength: 200 } as const;

/** The absolute origin the visitor called, so links work behind any host name. */
function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}

export function visitorRoutes(app: FastifyInstance, { db, dataDir }: AppDeps): void {
  app.post<{ Querystring: { organization_id: number; secret?: string }; Body: { media_ids: string[] } }>(
    '/api/v1/medias/zip',
    {
      schema: {
        querystring: {
          type: 'object',
          required: ['organization_id'],
          properties: { organization_id: { type: 'integer', minimum: 1 }, secret: { type: 'string', maxLength: 64 } },
        },
        body: {
          type: 'object',
          required: ['media_ids'],
          properties: {
            media_ids: {
              type: 'array',
              minItems: 1,
              maxItems: MAX_ZIP_MEDIA,
              items: { type: 'string', minLength: 1, maxLength: 32 },
            },
          },
        },
      },
    },
    async (request): Promise<WireZipAnswer> => ({
      error: false,
      url: createZipLink(
        db,
        { organizationId: request.query.organization_id, mediaIds: request.body.media_ids, secret: request.query.secret },
        requestOrigin(request),
      ),
    }),
  );

  app.get<{ Params: { token: string } }>(
    `/api/v1/medias/zip/:token/${ZIP_FILE_NAME}`,
    { schema: { params: { type: 'object', required: ['token'], properties: { token: { type: 'string' } } } } },
    async (request, reply) => {
      const plan = await planZip(db, dataDir, request.params.token);
      const archive = zipStream(plan);
      archive.on('warning', (error) => request.log.warn({ err: error }, 'zip warning'));
      archive.on('error', (error) => {
        // Headers are gone already: the best left is to cut the download short.
        request.log.error({ err: error }, 'zip failed');
        reply.raw.destroy(error);
      });
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) archive.abort();
      });
      void archive.finalize().catch(() => undefined);
      return reply
        .header('Content-Type', 'application/zip')
        .header('Content-Disposition', `attachment; filename="${ZIP_FILE_NAME}"`)
        .header('Cache-Control', 'no-store')
        .send(archive);
    },
  );

  app.get<{ Params: { credentialId: string }; Querystring: { organization_id?: number } }>(
    '/api/v1/card/customer/external_id/:credentialId',
    {
      schema: {
        params: {
          type: 'object',
          required: ['credentialId'],
          properties: { credentialId: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        querystring: { type: 'object', properties: { organization_id: { type: 'integer', minimum: 1 } } },
      },
    },
    async (request): Promise<WireCredentialCardsAnswer> => ({
      error: false,
      cards: credentialCards(db, request.params.credentialId, request.query.organization_id),
    }),
  );

  app.post<{ Body: CustomerSearch }>(
    '/api/v1/customer/card/medias',
    {
      schema: {
        body: {
          type: 'object',
          required: ['organization_id'],
          properties: {
            organization_id: { type: 'integer', minimum: 1 },
            name: searchText,
            lastname: searchText,
            external_id: searchText,
            cpf: searchText,
            password: searchText,
          },
        },
      },
    },
    async (request): Promise<WireCustomerCardAnswer> => customerCardAnswer(db, request.body),
  );

  app.delete<{ Params: { id: string }; Querystring: { organization_id: number } }>(
    '/api/v1/media/:id',
    {
      schema: {
        params: { type: 'object', required: ['id'], properties: { id: { type: 'string', maxLength: 32 } } },
        querystring: organizationQuery,
      },
    },
    async (request): Promise<WireDeleteAnswer> => {
      await deleteMedia(db, dataDir, request.query.organization_id, request.params.id, (error) =>
        request.log.error({ err: error }, 'media files left behind'),
      );
      return { error: false, message: 'OK' };
    },
  );

  app.get<{ Params: { id: string; filename: string }; Querystring: { size: DownloadSize } }>(
    '/api/v1/video/download/:id/:filename',
    {
      schema: {
        params: {
          type: 'object',
          required: ['id', 'filename'],
          properties: { id: { type: 'string' }, filename: { type: 'string' } },
        },
        querystring: DOWNLOAD_QUERY,
      },
    },
    async (request, reply) => sendVideoFile(request, reply, { db, dataDir }),
  );

  // Multipart only in this scope: other routes keep refusing multipart bodies.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { files: UPLOAD_MAX_FILES, fileSize: UPLOAD_MAX_FILE_BYTES, fields: 20, fieldSize: 1024, parts: UPLOAD_MAX_FILES + 20 },
    });
    scope.post<{ Params: { org: number }; Querystring: { card_code?: string; secret?: string; must_edit?: string } }>(
      '/api/v1/photo/:org',
      {
        schema: {
          params: { type: 'object', required: ['org'], properties: { org: { type: 'integer', minimum: 1 } } },
          querystring: {
            type: 'object',
            properties: {
              card_code: { type: 'string', maxLength: 32 },
              secret: { type: 'string', maxLength: 64 },
              must_edit: { enum: ['True', 'true', '1', 'False', 'false', '0'] },
            },
          },
        },
      },
      async (request): Promise<WireUploadAnswer> => {
        if (!request.isMultipart()) throw new ApiError(415, 'VALIDATION_ERROR', 'send multipart/form-data with photos[] files');
        const { card_code: cardCode, secret, must_edit: mustEdit } = request.query;
        const target = uploadTarget(db, request.params.org, { cardCode, secret, mustEdit: ['True', 'true', '1'].includes(mustEdit ?? '') });
        const folder = await uploadScratch(dataDir);
        try {
          const files = await receiveParts(request.parts() as AsyncIterable<UploadPart | { type: 'field' }>, folder);
          return await storeUpload(db, dataDir, target, files);
        } finally {
          await fs.promises.rm(folder, { recursive: true, force: true });
        }
      },
    );

    scope.post<{ Querystring: { organization_id: number; from_date: string; to_date: string } }>(
      '/api/v1/card/search/photo',
      {
        schema: {
          querystring: {
            type: 'object',
            required: ['organization_id', 'from_date', 'to_date'],
            properties: {
              organization_id: { type: 'integer', minimum: 1 },
              from_date: { type: 'string', minLength: 10, maxLength: 40 },
              to_date: { type: 'string', minLength: 10, maxLength: 40 },
            },
          },
        },
      },
      async (request): Promise<WireFaceSearchAnswer> => {
        if (!request.isMultipart()) throw new ApiError(415, 'VALIDATION_ERROR', 'send multipart/form-data with photos[] files');
        const { organization_id: organizationId, from_date: fromDate, to_date: toDate } = request.query;
        const organization = faceSearchOrganization(db, organizationId);
        const folder = await uploadScratch(dataDir);
        try {
          const photos = await receiveParts(request.parts() as AsyncIterable<UploadPart | { type: 'field' }>, folder);
          if (photos.length > FACE_SEARCH_MAX_PHOTOS) {
            throw new ApiError(400, 'VALIDATION_ERROR', `a search takes at most ${FACE_SEARCH_MAX_PHOTOS} photos`);
          }
          return await searchByFaces(db, dataDir, faceEngine(), { organization, fromDate, toDate, photos });
        } finally {
          await fs.promises.rm(folder, { recursive: true, force: true });
        }
      },
    );
  });
}

/** Poster or original of a video; honours a single `Range` on every size. */
async function sendVideoFile(
  request: FastifyRequest<{ Params: { id: string; filename: string }; Querystring: { size: DownloadSize } }>,
  reply: FastifyReply,
  { db, dataDir }: AppDeps,
) {
  const file = await resolveDownload(db, dataDir, { type: 'video', id: request.params.id, size: request.query.size });
  reply
    .header('Content-Type', file.mime)
    .header('Accept-Ranges', 'bytes')
    .header('Cache-Control', 'private, max-age=300');
  if (file.attachmentName) reply.header('Content-Disposition', `attachment; filename="${file.attachmentName}"`);
  const range = parseRange(request.headers.range, file.bytes);
  if (range === 'unsatisfiable') {
    reply.removeHeader('Content-Disposition');
    return reply
      .status(416)
      .header('Content-Type', 'application/json; charset=utf-8')
      .header('Content-Range', `bytes */${file.bytes}`)
      .send({ error: true, message: 'VALIDATION_ERROR', detail: 'range not satisfiable' });
  }
  if (!range) return reply.header('Content-Length', file.bytes).send(fs.createReadStream(file.path));
  return reply
    .status(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${file.bytes}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(fs.createReadStream(file.path, { start: range.start, end: range.end }));
}
