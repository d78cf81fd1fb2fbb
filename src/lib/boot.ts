// Runs once on every page (section 1).
import { analytics } from '../stores/analytics.ts';
import { missingIntlFeatures } from './intl-polyfills.ts';

// No service worker may linger from an older site on the same host.
if ('serviceWorker' in navigator) {
  void navigator.serviceWorker.getRegistrations().then((registrations) => {
    for (const registration of registrations) void registration.unregister();
  });
}

// Polyfills are separate chunks, fetched only by browsers that lack the feature, in order.
const polyfills = {
  getcanonicallocales: () => import('@formatjs/intl-getcanonicallocales/polyfill.js'),
  locale: () => import('@formatjs/intl-locale/polyfill.js'),
  pluralrules: async () => {
    await import('@formatjs/intl-pluralrules/polyfill.js');
    await Promise.all([
      import('@formatjs/intl-pluralrules/locale-data/pt.js'),
      import('@formatjs/intl-pluralrules/locale-data/en.js'),
      import('@formatjs/intl-pluralrules/locale-data/es.js'),
    ]);
  },
  numberformat: async () => {
    await import('@formatjs/intl-numberformat/polyfill.js');
    await Promise.all([
      import('@formatjs/intl-numberformat/locale-data/pt.js'),
      import('@formatjs/intl-numberformat/locale-data/en.js'),
      import('@formatjs/intl-numberformat/locale-data/es.js'),
    ]);
  },
};
for (const feature of missingIntlFeatures(globalThis.Intl)) await polyfills[feature]();

// A page view on every path change, and once per session when the organization is known.
const { organizationId, organizationName } = document.documentElement.dataset;
if (organizationId && organizationName) analytics.organizationKnown({ id: Number(organizationId), name: organizationName });
analytics.pageView(location.pathname, document.title);
addEventListener('popstate', () => analytics.pageView(location.pathname, document.title));
