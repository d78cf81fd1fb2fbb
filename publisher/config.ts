import { loadWebhookSecret } from '@gallery/contract/signature';
import { loadCdnTarget, type CdnTarget } from './cdn.ts';

/** The publisher's settings, read from its environment and checked once at start-up. */
export interface PublisherConfig {
  /** Where the publisher reads organizations; the API's public address when unset. */
  sourceUrl: string | null;
  pollMs: number;
  quietMs: number;
  cdn: CdnTarget | null;
  /** PUBLISH_WEBHOOK_SECRET: tenant folder changes are recorded in the API with it; null: not recorded. */
  webhookSecret: string | null;
}

function milliseconds(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number, max: number, problems: string[]): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    problems.push(`${name} must be a whole number of milliseconds from ${min} to ${max} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/**
 * PUBLISH_SOURCE_URL, PUBLISH_POLL_MS (1000), PUBLISH_DEBOUNCE_MS (1000), PUBLISH_WEBHOOK_SECRET
 * and the CDN's variables (publisher/cdn.ts); every wrong one is pushed to `problems`.
 */
export function loadPublisherConfig(env: NodeJS.ProcessEnv, problems: string[]): PublisherConfig {
  const sourceUrl = env['PUBLISH_SOURCE_URL']?.trim().replace(/\/+$/, '') || null;
  if (sourceUrl !== null && !/^https?:\/\/[^/]+/.test(sourceUrl)) problems.push(`PUBLISH_SOURCE_URL must be an http(s) address (got "${sourceUrl}")`);
  return {
    sourceUrl,
    pollMs: milliseconds(env, 'PUBLISH_POLL_MS', 1000, 100, 600_000, problems),
    quietMs: milliseconds(env, 'PUBLISH_DEBOUNCE_MS', 1000, 0, 600_000, problems),
    cdn: loadCdnTarget(env, problems),
    webhookSecret: loadWebhookSecret(env, problems),
  };
}
