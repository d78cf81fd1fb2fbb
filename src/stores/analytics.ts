import { beaconTransport, createAnalytics } from '../lib/analytics.ts';
import { $card } from './card.ts';

/** The site's analytics, configured at build time (PUBLIC_ANALYTICS_ID, PUBLIC_ANALYTICS_ENDPOINT). */
export const analytics = createAnalytics(
  { measurementId: import.meta.env.PUBLIC_ANALYTICS_ID, endpoint: import.meta.env.PUBLIC_ANALYTICS_ENDPOINT },
  beaconTransport,
  sessionStorage,
);

// Named events follow the stores, so actions stay free of side effects.
$card.listen(({ data }) => {
  if (data) analytics.event('card_loaded', { media_count: data.mediaCount });
});
