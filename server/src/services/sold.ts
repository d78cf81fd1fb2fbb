import type { WireOrganization } from '@gallery/contract/organization';
import { ApiError } from '../errors.ts';
import type { MediaRow } from '../repositories/media.ts';

export type SoldFields = Pick<MediaRow, 'sold_at_venue' | 'sold_order_id'>;

/**
 * Whether a visitor may have the clean files of a media. The one place the rule lives: sold at
 * the venue, covered by a paid online order (`sold_order_id`, set in the payment's transaction
 * for each bought media, or every media of the order's cards for the all-digital package), or
 * the organization gives its photos away.
 */
export function isSold(media: SoldFields, organization: WireOrganization): boolean {
  return media.sold_at_venue === 1 || media.sold_order_id != null || organization.features.site.free_photos;
}

/**
 * Refuses (403 MEDIA_NOT_SOLD) an original the visitor may not have. Single downloads, video
 * downloads and ZIPs all ask here, so no way out hands over more than another: extras included.
 */
export function assertOriginalAllowed(media: SoldFields, organization: WireOrganization): void {
  if (!isSold(media, organization)) throw new ApiError(403, 'MEDIA_NOT_SOLD');
}
