import os from 'node:os';
import path from 'node:path';
import { parseCorsOrigins } from './cors.ts';
import { isValidPixKey } from '@brazilian-utils/brazilian-utils';
import { readApiAddress, throwProblems } from '@gallery/contract/env';
import { loadMediaStore, type MediaStoreSetting } from '@gallery/contract/s3-settings';
import { loadWebhookSecret } from '@gallery/contract/signature';

export { ConfigError } from '@gallery/contract/env';

/** Everything the API and its admin CLI read from their environment, checked once at start-up. */
export interface Config {
  apiHost: string;
  apiPort: number;
  dataDir: string;
  /** postgres://... to keep the rows in PostgreSQL; null keeps them in `<dataDir>/provider.sqlite`. */
  databaseUrl: string | null;
  /** Where media files live: the data folder (default) or S3-compatible storage. */
  mediaStore: MediaStoreSetting;
  pix: PixConfig;
  gatewayDelayMs: number;
  paymentReconcileMs: number;
  faultAfterGateway: boolean;
  faceThreads: number;
  /** The change webhook's secret; null turns the webhook off. */
  webhookSecret: string | null;
  rateLimitStore: RateLimitStore;
  corsOrigins: string[];
  mail: MailConfig;
}

export interface MailConfig {
  /** smtp(s)://user:pass@host:port; null delivers to `<dataDir>/mailbox` as .eml files. */
  smtpUrl: string | null;
  /** The From of every message. */
  from: string;
  /** The API's address as visitors reach it: the unsubscribe links and the logo point there. */
  publicApiUrl: string;
  /** The wait after a message's first failed try; it doubles after each (up to an hour). */
  retryMs: number;
}

export interface PixConfig {
  key: string;
  merchantName: string;
  merchantCity: string;
}

/** Sandbox defaults: a random-key (EVP) PIX key nobody owns. */
export const SANDBOX_PIX: PixConfig = {
  key: '123e4567-e12b-12d1-a456-426655440000',
  merchantName: 'Event Photos Sandbox',
  merchantCity: 'Sao Paulo',
};

/**
 * PIX_KEY, PIX_MERCHANT_NAME and PIX_MERCHANT_CITY (the PIX receiver of the sandbox gateway's
 * BR Codes), sandbox defaults when unset. `loadConfig` checks them with the rest at start-up.
 */
export function loadPixConfig(env: NodeJS.ProcessEnv, problems: string[] = []): PixConfig {
  const key = (env['PIX_KEY'] || SANDBOX_PIX.key).trim();
  const merchantName = (env['PIX_MERCHANT_NAME'] || SANDBOX_PIX.merchantName).trim();
  const merchantCity = (env['PIX_MERCHANT_CITY'] || SANDBOX_PIX.merchantCity).trim();
  if (!isValidPixKey(key)) problems.push(`PIX_KEY must be a PIX key (CPF, CNPJ, e-mail, phone or random key; got "${key}")`);
  if (!merchantName) problems.push('PIX_MERCHANT_NAME must not be blank');
  if (!merchantCity) problems.push('PIX_MERCHANT_CITY must not be blank');
  return { key, merchantName, merchantCity };
}

const MAX_GATEWAY_DELAY_MS = 60_000;
const MAX_FACE_THREADS = 256;

/**
 * PAYMENT_GATEWAY_DELAY_MS: how long the sandbox gateway takes to answer a new charge (0 when
 * unset). Real PSPs take hundreds of milliseconds; the delay lets tests change a cart while a
 * charge is on its way. `loadConfig` checks it with the rest at start-up.
 */
export function loadGatewayDelayMs(env: NodeJS.ProcessEnv, problems: string[] = []): number {
  const raw = env['PAYMENT_GATEWAY_DELAY_MS'];
  if (raw === undefined || raw === '') return 0;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0 || value > MAX_GATEWAY_DELAY_MS) {
    problems.push(`PAYMENT_GATEWAY_DELAY_MS must be a whole number of milliseconds from 0 to ${MAX_GATEWAY_DELAY_MS} (got "${raw}")`);
    return 0;
  }
  return value;
}

const MIN_RECONCILE_MS = 100;
const MAX_RECONCILE_MS = 3_600_000;

/**
 * PAYMENT_RECONCILE_MS: how often every API instance asks the gateway about payment attempts
 * whose answer was never recorded (a crash between the gateway's answer and our commit); 30 s
 * when unset. `loadConfig` checks it with the rest at start-up.
 */
export function loadPaymentReconcileMs(env: NodeJS.ProcessEnv, problems: string[] = []): number {
  const fallback = 30_000;
  const raw = env['PAYMENT_RECONCILE_MS'];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < MIN_RECONCILE_MS || value > MAX_RECONCILE_MS) {
    problems.push(`PAYMENT_RECONCILE_MS must be a whole number of milliseconds from ${MIN_RECONCILE_MS} to ${MAX_RECONCILE_MS} (got "${raw}")`);
    return fallback;
  }
  return value;
}

/**
 * FAULT_AFTER_GATEWAY=1, for tests only: the API kills itself (SIGKILL) the moment the gateway
 * answers a new charge, before recording it, as a crash at the worst time would. Never set it
 * in production.
 */
export function loadFaultAfterGateway(env: NodeJS.ProcessEnv, problems: string[] = []): boolean {
  const raw = env['FAULT_AFTER_GATEWAY'] ?? '';
  if (raw === '' || raw === '0') return false;
  if (raw === '1') return true;
  problems.push(`FAULT_AFTER_GATEWAY must be 1 or 0 (got "${raw}")`);
  return false;
}

/**
 * FACE_THREADS: how many worker threads describe faces (the background indexer, faces:index and
 * the visitors' selfies share them); one per core when unset. Each holds the models (~150 MB).
 */
export function loadFaceThreads(env: NodeJS.ProcessEnv, problems: string[] = []): number {
  const raw = env['FACE_THREADS'];
  if (raw === undefined || raw === '') return os.availableParallelism();
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > MAX_FACE_THREADS) {
    problems.push(`FACE_THREADS must be a whole number from 1 to ${MAX_FACE_THREADS} (got "${raw}")`);
    return os.availableParallelism();
  }
  return value;
}

/** DATABASE_URL: PostgreSQL when set, the embedded SQLite file when empty. */
export function loadDatabaseUrl(env: NodeJS.ProcessEnv, problems: string[] = []): string | null {
  const url = env['DATABASE_URL'] || null;
  if (url !== null && !/^postgres(ql)?:\/\//.test(url)) problems.push('DATABASE_URL must be a postgres:// address (or empty for SQLite)');
  return url;
}

export const RATE_LIMIT_STORES = ['memory', 'database'] as const;
export type RateLimitStore = (typeof RATE_LIMIT_STORES)[number];

/**
 * RATE_LIMIT_STORE: where the rate-limit counters live. `memory` (the default) keeps them in the
 * instance; `database` shares them with every API instance on the same database, so a client
 * spreading its calls over instances gains nothing; each limited call then writes one row (on
 * SQLite, synced to disk: about a millisecond).
 */
export function loadRateLimitStore(env: NodeJS.ProcessEnv, problems: string[] = []): RateLimitStore {
  const raw = env['RATE_LIMIT_STORE'] || 'memory';
  if ((RATE_LIMIT_STORES as readonly string[]).includes(raw)) return raw as RateLimitStore;
  problems.push(`RATE_LIMIT_STORE must be one of ${RATE_LIMIT_STORES.join(', ')} (got "${raw}")`);
  return 'memory';
}

const MIN_MAIL_RETRY_MS = 10;
const MAX_MAIL_RETRY_MS = 3_600_000;

/**
 * SMTP_URL (smtp://user:pass@host:port, or smtps://), MAIL_FROM (the sender, "Event Photos
 * <no-reply@localhost>" when unset), MAIL_LINKS_URL (the API's address as visitors reach it; the
 * local API's when unset: the API's own variable, as PUBLIC_API_URL is the sites' build's) and
 * MAIL_RETRY_MS (30 s when unset: the first retry's wait).
 */
export function loadMailConfig(env: NodeJS.ProcessEnv, problems: string[] = []): MailConfig {
  const smtpUrl = env['SMTP_URL']?.trim() || null;
  if (smtpUrl !== null && !/^smtps?:\/\/[^/]+/.test(smtpUrl)) problems.push('SMTP_URL must be an smtp:// or smtps:// address (smtp://user:pass@host:port)');
  const from = env['MAIL_FROM']?.trim() || 'Event Photos <no-reply@localhost>';
  if (!/@[^@\s>]+>?$/.test(from)) problems.push(`MAIL_FROM must be an e-mail address, optionally with a name ("Name <a@b.c>"; got "${from}")`);
  let retryMs = 30_000;
  const raw = env['MAIL_RETRY_MS'];
  if (raw !== undefined && raw !== '') {
    const value = Number(raw);
    if (Number.isInteger(value) && value >= MIN_MAIL_RETRY_MS && value <= MAX_MAIL_RETRY_MS) retryMs = value;
    else problems.push(`MAIL_RETRY_MS must be a whole number of milliseconds from ${MIN_MAIL_RETRY_MS} to ${MAX_MAIL_RETRY_MS} (got "${raw}")`);
  }
  // API_HOST and API_PORT are checked with the rest (loadConfig).
  const { apiHost, apiPort } = readApiAddress(env, []);
  const publicApiUrl = (env['MAIL_LINKS_URL'] || `http://${apiHost}:${apiPort}`).replace(/\/+$/, '');
  if (!/^https?:\/\/[^/]+/.test(publicApiUrl)) problems.push(`MAIL_LINKS_URL must be an http(s) address (got "${env['MAIL_LINKS_URL']}")`);
  return { smtpUrl, from, publicApiUrl, retryMs };
}

/** Reads the API's configuration, naming every variable that is wrong at once. */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const problems: string[] = [];
  const config: Config = {
    ...readApiAddress(env, problems),
    dataDir: path.resolve(env['DATA_DIR'] || 'data'),
    databaseUrl: loadDatabaseUrl(env, problems),
    mediaStore: loadMediaStore(env, problems),
    pix: loadPixConfig(env, problems),
    gatewayDelayMs: loadGatewayDelayMs(env, problems),
    paymentReconcileMs: loadPaymentReconcileMs(env, problems),
    faultAfterGateway: loadFaultAfterGateway(env, problems),
    faceThreads: loadFaceThreads(env, problems),
    webhookSecret: loadWebhookSecret(env, problems),
    rateLimitStore: loadRateLimitStore(env, problems),
    corsOrigins: [],
    mail: loadMailConfig(env, problems),
  };
  const cors = parseCorsOrigins(env['CORS_ORIGINS']);
  problems.push(...cors.problems);
  throwProblems(problems);
  return { ...config, corsOrigins: cors.entries };
}
