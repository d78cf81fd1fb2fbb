import type { WireOrganization } from '../../../src/lib/api/wire.ts';
import type { MediaRow } from '../repositories/media.ts';

/**
 * Whether a visitor may have the clean files of a media. The one place the rule lives: sold at
 * the venue, covered by a paid online order (`sold_order_id`, set in the payment's transaction
 * for each bought media, or every media of the order's cards for the all-digital package), or
 * the organization gives its photos away.
 */
export function isSold(
  media: Pick<MediaRow, 'sold_at_venue' | 'sold_order_id'>,
  organization: WireOrganization,
): boolean {
  return media.sold_at_venue === 1 || media.sold_order_id != null || organization.features.site.free_photos;
}
