// One configuration per deployable: each reads and checks only its own variables, so a wrong
// variable of the API (a PIX key) stops neither the site build nor the publisher, and the API
// does not read the sites' variables.
import { describe, expect, it } from 'vitest';
import { loadPublisherConfig } from '@gallery/publisher/config';
import { loadConfig } from '@gallery/server/config';
import { loadSiteConfig } from '../../scripts/startup.ts';

const API_ONLY = { PIX_KEY: 'not a key', PAYMENT_RECONCILE_MS: 'soon', DATABASE_URL: 'mysql://x', FACE_THREADS: 'many' };
const SITES_ONLY = { SITES_PORT: '70000', PUBLIC_API_URL: 'ftp://x', PUBLISH_POLL_MS: 'often' };

describe('each deployable reads its own variables', () => {
  it("the site build and the preview server ignore the API's variables", () => {
    const problems: string[] = [];
    expect(loadSiteConfig({ ...API_ONLY, API_PORT: '9000' }, problems)).toEqual({ publicApiUrl: 'http://127.0.0.1:9000', sitesPort: 4321 });
    expect(problems).toEqual([]);
    loadSiteConfig(SITES_ONLY, problems);
    expect(problems).toEqual([expect.stringContaining('PUBLIC_API_URL'), expect.stringContaining('SITES_PORT')]);
  });

  it("the publisher ignores the API's variables", () => {
    const problems: string[] = [];
    expect(loadPublisherConfig({ ...API_ONLY, PUBLISH_WEBHOOK_SECRET: 's'.repeat(32) }, problems)).toMatchObject({ webhookSecret: 's'.repeat(32), cdn: null });
    expect(problems).toEqual([]);
  });

  it("the API ignores the sites' and the publisher's variables", () => {
    expect(() => loadConfig(SITES_ONLY)).not.toThrow();
    expect(() => loadConfig(API_ONLY)).toThrow(/PIX_KEY[\s\S]*DATABASE_URL|DATABASE_URL[\s\S]*PIX_KEY/);
  });
});
