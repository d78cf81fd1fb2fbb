// Error reporting in visitors' browsers (section 1): 10% of traces, tagged with the release.
// Only bundled when PUBLIC_SENTRY_DSN is set at build time (see astro.config.mjs).
import * as Sentry from '@sentry/astro';

Sentry.init({
  dsn: import.meta.env.PUBLIC_SENTRY_DSN,
  release: import.meta.env.PUBLIC_RELEASE,
  tracesSampleRate: 0.1,
  integrations: [Sentry.browserTracingIntegration()],
});
