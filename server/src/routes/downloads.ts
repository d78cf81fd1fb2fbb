import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { MediaId } from '../../../contract/schema.ts';
import type { AppDeps } from '../app.ts';
import { resolveDownload } from '../services/download.ts';

/** A media file: `:filename` is only the display name the browser shows; it never reaches a file path. */
export const FileParams = Type.Object({ id: MediaId, filename: Type.String() });

/**
 * The query of every file download: the size, and the copy the media list named. `copy` is a
 * cache key only (a sold media's URLs change): what is served always follows the sold state.
 */
export const DownloadQuery = Type.Object({
  size: Type.Enum(['thumb', 'preview', 'original'], { default: 'thumb' }),
  copy: Type.Optional(Type.Enum(['clean', 'watermarked'])),
});

export function downloadRoutes(fastify: FastifyInstance, { db, store }: AppDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/v1/:type/download/:id/:filename',
    { schema: { params: Type.Object({ type: Type.Enum(['photo', 'video', 'extra']), ...FileParams.properties }), querystring: DownloadQuery } },
    async (request, reply) => {
      const { type, id } = request.params;
      const file = await resolveDownload(db, store, { type, id, size: request.query.size });
      reply
        .header('Content-Type', file.mime)
        .header('Content-Length', file.bytes)
        .header('Cache-Control', 'private, max-age=300');
      if (file.attachmentName) reply.header('Content-Disposition', `attachment; filename="${file.attachmentName}"`);
      return reply.send(await store.read(file.mediaId, file.name));
    },
  );
}
