import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app.ts';
import type { MediaKind } from '../repositories/media.ts';
import { resolveDownload } from '../services/download.ts';
import type { DownloadSize } from '../services/media-files.ts';

const KINDS: readonly MediaKind[] = ['photo', 'video', 'extra'];
const SIZES: readonly DownloadSize[] = ['thumb', 'preview', 'original'];

/**
 * The query of every file download: the size, and the copy the media list named. `copy` is a
 * cache key only (a sold media's URLs change): what is served always follows the sold state.
 */
export const DOWNLOAD_QUERY = {
  type: 'object',
  properties: { size: { enum: SIZES, default: 'thumb' }, copy: { enum: ['clean', 'watermarked'] } },
} as const;

export function downloadRoutes(app: FastifyInstance, { db, dataDir }: AppDeps): void {
  // `:filename` is only the display name the browser shows; it never reaches a file path.
  app.get<{ Params: { type: MediaKind; id: string; filename: string }; Querystring: { size: DownloadSize } }>(
    '/api/v1/:type/download/:id/:filename',
    {
      schema: {
        params: {
          type: 'object',
          required: ['type', 'id', 'filename'],
          properties: { type: { enum: KINDS }, id: { type: 'string' }, filename: { type: 'string' } },
        },
        querystring: DOWNLOAD_QUERY,
      },
    },
    async (request, reply) => {
      const { type, id } = request.params;
      const file = await resolveDownload(db, dataDir, { type, id, size: request.query.size });
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', file.bytes)
        .header('Cache-Control', 'private, max-age=300');
      if (file.attachmentName) reply.header('Content-Disposition', `attachment; filename="${file.attachmentName}"`);
      return reply.send(fs.createReadStream(file.path));
    },
  );
}
