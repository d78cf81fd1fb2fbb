import { beaconTransport, createAnalytics } from '../lib/analytics.ts';
import { $card } from './card.ts';

/** The tab's session storage; none in tests, and browsers may block it: then nothing is remembered. */
function sessionStore(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return sessionStorage;
  } catch {
    return { getItem: () => null, setItem: () => {} };
  }
}

/** The site's analytics, configured at build time (PUBLIC_ANALYTICS_ID, PUBLIC_ANALYTICS_ENDPOINT). */
export const analytics = createAnalytics(
  { measurementId: import.meta.env.PUBLIC_ANALYTICS_ID, endpoint: import.meta.env.PUBLIC_ANALYTICS_ENDPOINT },
  beaconTransport,
  sessionStore(),
);

// A loaded card follows its store. The shop's events (add_to_cart, begin_checkout, purchase) and
// facial_search fire from their stores' actions instead: only the action knows what was added or
// paid, which a store's new value alone does not say (src/stores/order.ts, checkout.ts, facial.ts).
$card.listen(({ data }) => {
  if (data) analytics.event('card_loaded', { media_count: data.mediaCount });
});
