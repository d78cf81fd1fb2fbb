import path from 'node:path';
import { describe, expect, it } from 'vitest';
import os from 'node:os';
import { ConfigError } from '@gallery/contract/env';
import { loadMediaStore } from '@gallery/contract/s3-settings';
import { loadConfig, loadFaultAfterGateway, loadGatewayDelayMs, loadPaymentReconcileMs, SANDBOX_PIX } from '../../server/src/config.ts';

describe('loadConfig', () => {
  it('has working defaults', () => {
    expect(loadConfig({})).toEqual({
      apiHost: '127.0.0.1',
      apiPort: 8787,
      dataDir: path.resolve('data'),
      databaseUrl: null,
      mediaStore: { kind: 'local' },
      pix: SANDBOX_PIX,
      gatewayDelayMs: 0,
      paymentReconcileMs: 30_000,
      faultAfterGateway: false,
      faceThreads: os.availableParallelism(),
      webhookSecret: null,
      rateLimitStore: 'memory',
      corsOrigins: [],
      mail: { smtpUrl: null, from: 'Event Photos <no-reply@localhost>', publicApiUrl: 'http://127.0.0.1:8787', retryMs: 30_000 },
    });
  });

  it('reads SMTP_URL, MAIL_FROM and MAIL_RETRY_MS, and names each that is wrong', () => {
    const env = { SMTP_URL: 'smtp://user:pass@mail.example:587', MAIL_FROM: 'Fotos <fotos@example.com>', MAIL_RETRY_MS: '500' };
    expect(loadConfig(env).mail).toMatchObject({ smtpUrl: env.SMTP_URL, from: env.MAIL_FROM, retryMs: 500 });
    expect(() => loadConfig({ SMTP_URL: 'mail.example:25', MAIL_FROM: 'nobody', MAIL_RETRY_MS: '0' })).toThrow(/SMTP_URL[\s\S]*MAIL_FROM[\s\S]*MAIL_RETRY_MS/);
  });

  it('names every bad variable at once', () => {
    const read = () => loadConfig({ API_PORT: 'abc', DATABASE_URL: 'mysql://x', PIX_KEY: 'nope', PAYMENT_GATEWAY_DELAY_MS: '-5' });
    expect(read).toThrow(ConfigError);
    expect(read).toThrow(/API_PORT[\s\S]*DATABASE_URL[\s\S]*PIX_KEY[\s\S]*PAYMENT_GATEWAY_DELAY_MS/);
  });

  it('takes a postgres:// DATABASE_URL, and refuses any other', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://app@db.example/provider' }).databaseUrl).toBe('postgres://app@db.example/provider');
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
  });

  it('reads the sandbox gateway delay in milliseconds, 0 when unset', () => {
    expect(loadGatewayDelayMs({})).toBe(0);
    expect(loadGatewayDelayMs({ PAYMENT_GATEWAY_DELAY_MS: '400' })).toBe(400);
    const problems: string[] = [];
    loadGatewayDelayMs({ PAYMENT_GATEWAY_DELAY_MS: '0.5' }, problems);
    expect(problems).toEqual([expect.stringContaining('PAYMENT_GATEWAY_DELAY_MS')]);
  });

  it('reads the payment reconciliation interval, 30 s when unset, and the tests-only fault point', () => {
    expect(loadPaymentReconcileMs({})).toBe(30_000);
    expect(loadPaymentReconcileMs({ PAYMENT_RECONCILE_MS: '200' })).toBe(200);
    expect(loadFaultAfterGateway({})).toBe(false);
    expect(loadFaultAfterGateway({ FAULT_AFTER_GATEWAY: '1' })).toBe(true);
    const problems: string[] = [];
    loadPaymentReconcileMs({ PAYMENT_RECONCILE_MS: '0' }, problems);
    loadFaultAfterGateway({ FAULT_AFTER_GATEWAY: 'yes' }, problems);
    expect(problems).toEqual([expect.stringContaining('PAYMENT_RECONCILE_MS'), expect.stringContaining('FAULT_AFTER_GATEWAY')]);
    expect(() => loadConfig({ PAYMENT_RECONCILE_MS: 'soon' })).toThrow(/PAYMENT_RECONCILE_MS/);
  });
});

describe('loadMediaStore', () => {
  const S3 = {
    MEDIA_STORE: 's3',
    MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000/',
    MEDIA_S3_BUCKET: 'event-media',
    MEDIA_S3_ACCESS_KEY_ID: 'key',
    MEDIA_S3_SECRET_ACCESS_KEY: 'secret',
  };

  it('is the local folder unless MEDIA_STORE says s3', () => {
    expect(loadMediaStore({})).toEqual({ kind: 'local' });
    expect(loadMediaStore({ MEDIA_STORE: 'local', MEDIA_S3_BUCKET: 'ignored' })).toEqual({ kind: 'local' });
  });

  it('reads the S3 settings, with us-east-1 and path-style addressing off AWS by default', () => {
    const problems: string[] = [];
    expect(loadMediaStore(S3, problems)).toEqual({
      kind: 's3',
      endpoint: 'http://127.0.0.1:9000',
      bucket: 'event-media',
      region: 'us-east-1',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      signedUrls: false,
    });
    expect(problems).toEqual([]);
    expect(loadMediaStore({ ...S3, MEDIA_S3_ENDPOINT: 'https://s3.sa-east-1.amazonaws.com' })).toMatchObject({ forcePathStyle: false });
    expect(loadMediaStore({ ...S3, MEDIA_S3_FORCE_PATH_STYLE: '0', MEDIA_S3_REGION: 'sa-east-1', MEDIA_S3_SIGNED_URLS: '1' })).toMatchObject({
      forcePathStyle: false,
      region: 'sa-east-1',
      signedUrls: true,
    });
  });

  it('names every wrong or missing variable', () => {
    const unknown: string[] = [];
    loadMediaStore({ MEDIA_STORE: 'gcs' }, unknown);
    expect(unknown).toEqual([expect.stringContaining('MEDIA_STORE must be "local" or "s3" (got "gcs")')]);
    const missing: string[] = [];
    loadMediaStore({ MEDIA_STORE: 's3' }, missing);
    expect(missing).toEqual(
      ['MEDIA_S3_ENDPOINT', 'MEDIA_S3_BUCKET', 'MEDIA_S3_ACCESS_KEY_ID', 'MEDIA_S3_SECRET_ACCESS_KEY'].map(
        (name) => `${name} must be set when MEDIA_STORE is s3`,
      ),
    );
    const wrong: string[] = [];
    loadMediaStore(
      { ...S3, MEDIA_S3_ENDPOINT: 'ftp://x', MEDIA_S3_BUCKET: 'Bad_Bucket', MEDIA_S3_FORCE_PATH_STYLE: 'maybe', MEDIA_S3_SIGNED_URLS: 'yes' },
      wrong,
    );
    expect(wrong).toEqual([
      expect.stringContaining('MEDIA_S3_ENDPOINT must be an http(s) address'),
      expect.stringContaining('MEDIA_S3_BUCKET must be a bucket name'),
      expect.stringContaining('MEDIA_S3_FORCE_PATH_STYLE must be 1 or 0'),
      expect.stringContaining('MEDIA_S3_SIGNED_URLS must be 1 or 0'),
    ]);
    expect(() => loadConfig({ MEDIA_STORE: 's3', MEDIA_S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(/MEDIA_S3_BUCKET[\s\S]*MEDIA_S3_SECRET_ACCESS_KEY/);
  });
});
