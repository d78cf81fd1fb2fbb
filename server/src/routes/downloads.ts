import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type, type Static } from 'typebox';
import { Int, MediaId, Str } from '@gallery/contract/schema';
import type { AppDeps } from '../app-deps.ts';
import { contentDisposition, DOWNLOAD_CACHE_CONTROL, resolveDownload, type DownloadFile } from '../services/download.ts';
import type { DownloadSize } from '../services/media-files.ts';
import type { MediaStore } from '../storage/media-store.ts';

/** A media file: `:filename` is only the display name the browser shows; it never reaches a file path. */
export const FileParams = Type.Object({ id: MediaId, filename: Str() });

/**
 * The query of every file download: the size, and the copy the media list named. `copy` is a
 * cache key only (a sold media's URLs change): what is served always follows the sold state.
 */
export const DownloadQuery = Type.Object({
  /** `clip`: an unsold video's preview clip. */
  size: Type.Enum(['thumb', 'preview', 'original', 'clip'], { default: 'thumb' }),
  copy: Type.Optional(Type.Enum(['clean', 'watermarked'])),
  /** A WebP rendition of the thumb or preview, `w` (one of the listed widths) wide. */
  format: Type.Optional(Type.Enum(['webp'])),
  w: Type.Optional(Int({ minimum: 1 })),
});

/** What a download query asks for: a size, and its WebP rendition of width `w` when `format` is set. */
export function wantedFile({ size, format, w }: Static<typeof DownloadQuery>): { size: DownloadSize; rendition?: { width: number } } {
  return { size, ...(format && { rendition: { width: w ?? 0 } }) };
}

/**
 * Where the store gives signed links, answers a 302 to the file in the storage (the link
 * carries the headers, and expires soon, so the redirect itself is never cached). Otherwise sets
 * the file's headers and answers undefined: the caller streams the file.
 */
export async function redirectOrHeaders(reply: FastifyReply, store: MediaStore, file: DownloadFile): Promise<FastifyReply | undefined> {
  if (store.signedUrl) {
    const served = { mime: file.mime, cacheControl: DOWNLOAD_CACHE_CONTROL, ...(file.attachmentName && { attachmentName: file.attachmentName }) };
    return reply.header('Cache-Control', 'no-store').redirect(await store.signedUrl(file.mediaId, file.name, served), 302);
  }
  reply.header('Content-Type', file.mime).header('Cache-Control', DOWNLOAD_CACHE_CONTROL);
  if (file.attachmentName) reply.header('Content-Disposition', contentDisposition(file.attachmentName));
  return undefined;
}

export function downloadRoutes(fastify: FastifyInstance, { db, store }: AppDeps): void {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/api/v1/:type/download/:id/:filename',
    { schema: { params: Type.Object({ type: Type.Enum(['photo', 'video', 'extra']), ...FileParams.properties }), querystring: DownloadQuery } },
    async (request, reply) => {
      const { type, id } = request.params;
      const file = await resolveDownload(db, store, { type, id, ...wantedFile(request.query) });
      return (await redirectOrHeaders(reply, store, file)) ?? reply.header('Content-Length', file.bytes).send(await store.read(file.mediaId, file.name));
    },
  );
}
