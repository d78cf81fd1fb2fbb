import type { WireOrganization } from '../../../src/lib/api/wire.ts';
import type { MediaRow } from '../repositories/media.ts';

/**
 * Whether a visitor may have the clean files of a media. The one place the rule lives:
 * paid online orders will join the venue sale and free-photo organizations here.
 */
export function isSold(media: Pick<MediaRow, 'sold_at_venue'>, organization: WireOrganization): boolean {
  return media.sold_at_venue === 1 || organization.features.site.free_photos;
}
