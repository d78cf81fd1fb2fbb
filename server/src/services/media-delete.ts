import type { Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { findMedia } from '../repositories/media.ts';
import { findOrganizationById } from '../repositories/organizations.ts';
import { deleteMediaRow } from '../repositories/visitor-cards.ts';
import { forgetPhoto } from './face-index.ts';
import type { MediaStore } from '../storage/media-store.ts';

/**
 * Removes a media when its organization lets visitors remove photos. The row goes first (one
 * statement, its order items and faces cascade, and the facial search's memory forgets them);
 * the files only once the row is gone, so a crash
 * between the two leaves orphan files (the sweep's), never a row pointing at missing files.
 */
export async function deleteMedia(db: Db, store: MediaStore, organizationId: number, mediaId: string, log: (error: unknown) => void): Promise<void> {
  const organization = await findOrganizationById(db, organizationId);
  const media = await findMedia(db, mediaId);
  if (!organization || !media || media.organization_id !== organizationId) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  if (!organization.features.site.can_remove_photo) throw new ApiError(403, 'FORBIDDEN', 'this organization does not allow removing photos');
  if (!(await deleteMediaRow(db, media.id))) throw new ApiError(404, 'MEDIA_NOT_FOUND');
  forgetPhoto(db, organizationId, media.id);
  await store.remove(media.id).catch(log);
}
