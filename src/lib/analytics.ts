// Page views and named events for the organization's analytics (section 1). Nothing is sent
// unless a measurement id and an endpoint are configured at build time. Events carry counts,
// kinds, money and opaque ids only: never a name, a card code, a credential, a photo or a date
// (the shop's and the facial search's parameters: analytics-events.ts).

export interface AnalyticsConfig {
  measurementId?: string | undefined;
  /** Where events are POSTed as JSON (a collector that speaks GA4's Measurement Protocol shape). */
  endpoint?: string | undefined;
}

/** One line of a GA4 ecommerce event: what kind of thing, how many; never whose. */
export interface AnalyticsItem {
  item_id: 'photo' | 'video' | 'all_digital';
  item_name: string;
  quantity: number;
  price?: number;
}

export type AnalyticsParams = Record<string, string | number | boolean | AnalyticsItem[]>;
export type Transport = (url: string, body: string) => void;

export interface Analytics {
  readonly enabled: boolean;
  pageView(path: string, title: string): void;
  /** Once per browser session per organization: when its id and name are first known. */
  organizationKnown(organization: { id: number; name: string }): void;
  event(name: string, params?: AnalyticsParams): void;
}

interface SessionStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

export function createAnalytics(config: AnalyticsConfig, transport: Transport, session: SessionStore): Analytics {
  const { measurementId, endpoint } = config;
  const enabled = Boolean(measurementId && endpoint);
  let clientId = session.getItem('analytics.client');
  if (enabled && !clientId) {
    clientId = crypto.randomUUID();
    session.setItem('analytics.client', clientId);
  }

  const send = (name: string, params: AnalyticsParams = {}) => {
    if (!enabled || !endpoint) return;
    transport(endpoint, JSON.stringify({ measurement_id: measurementId, client_id: clientId, events: [{ name, params }] }));
  };

  return {
    enabled,
    pageView: (path, title) => send('page_view', { page_path: path, page_title: title }),
    organizationKnown: ({ id, name }) => {
      const key = `analytics.organization.${id}`;
      if (!enabled || session.getItem(key)) return;
      session.setItem(key, '1');
      send('organization_loaded', { organization_id: id, organization_name: name });
    },
    event: send,
  };
}

/** The browser's transport: a beacon survives the page unloading right after the event. */
export const beaconTransport: Transport = (url, body) => {
  const sent = navigator.sendBeacon?.(url, new Blob([body], { type: 'application/json' }));
  if (!sent) void fetch(url, { method: 'POST', body, keepalive: true, headers: { 'content-type': 'application/json' } }).catch(() => {});
};
