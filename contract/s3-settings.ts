// S3-compatible storage as configured: the API's media store (MEDIA_S3_*), which the site build
// also reads for its pages' policy, and the publisher's CDN target (PUBLISH_S3_*).

export interface S3Target {
  /** The S3 API address, e.g. https://s3.eu-west-1.amazonaws.com or http://127.0.0.1:9000. */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
}

// S3's rule: 3 to 63 lower-case letters, digits, dots or dashes, a letter or digit at both ends.
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

export function isBucketName(value: string): boolean {
  return BUCKET_NAME.test(value);
}

export function isHttpUrl(value: string): boolean {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/**
 * The rule the media store (MEDIA_S3_*) and the publisher (PUBLISH_S3_*) share: an http(s)
 * endpoint, a bucket name and both keys. Names in `problems` each of `<prefix>ENDPOINT`,
 * `<prefix>BUCKET`, `<prefix>ACCESS_KEY_ID` and `<prefix>SECRET_ACCESS_KEY` that is wrong, or
 * unset (worded by `missing`).
 */
export function checkS3Variables(
  prefix: string,
  values: Record<'endpoint' | 'bucket' | 'accessKeyId' | 'secretAccessKey', string | null>,
  missing: (name: string) => string,
  problems: string[],
): void {
  const { endpoint, bucket, accessKeyId, secretAccessKey } = values;
  if (!endpoint) problems.push(missing(`${prefix}ENDPOINT`));
  else if (!isHttpUrl(endpoint)) problems.push(`${prefix}ENDPOINT must be an http(s) address (got "${endpoint}")`);
  if (!bucket) problems.push(missing(`${prefix}BUCKET`));
  else if (!isBucketName(bucket)) {
    problems.push(`${prefix}BUCKET must be a bucket name: 3 to 63 lower-case letters, digits, dots or dashes (got "${bucket}")`);
  }
  if (!accessKeyId) problems.push(missing(`${prefix}ACCESS_KEY_ID`));
  if (!secretAccessKey) problems.push(missing(`${prefix}SECRET_ACCESS_KEY`));
}

/**
 * Bucket-in-host-name addressing needs DNS for <bucket>.<host>, which local and most
 * S3-compatible servers lack; AWS itself still prefers it.
 */
export function defaultPathStyle(endpoint: string): boolean {
  return !new URL(endpoint).hostname.endsWith('.amazonaws.com');
}

export interface S3StoreConfig extends S3Target {
  forcePathStyle: boolean;
  /** Downloads answer a redirect to a signed link instead of streaming through the API. */
  signedUrls: boolean;
}

/** MEDIA_STORE and its MEDIA_S3_ variables. */
export type MediaStoreSetting = { kind: 'local' } | ({ kind: 's3' } & S3StoreConfig);

const YES_NO: Partial<Record<string, boolean>> = { '1': true, true: true, '0': false, false: false };

/**
 * MEDIA_STORE (`local`, the default, or `s3`) and, for s3, MEDIA_S3_ENDPOINT, MEDIA_S3_BUCKET,
 * MEDIA_S3_ACCESS_KEY_ID, MEDIA_S3_SECRET_ACCESS_KEY (required), MEDIA_S3_REGION (us-east-1)
 * MEDIA_S3_FORCE_PATH_STYLE (1/0; on except for amazonaws.com endpoints) and
 * MEDIA_S3_SIGNED_URLS (1/0, off: downloads answer a redirect to a short-lived signed link).
 */
export function loadMediaStore(env: NodeJS.ProcessEnv, problems: string[] = []): MediaStoreSetting {
  const read = (name: string): string => env[name]?.trim() ?? '';
  const kind = read('MEDIA_STORE') || 'local';
  if (kind === 'local') return { kind };
  if (kind !== 's3') {
    problems.push(`MEDIA_STORE must be "local" or "s3" (got "${kind}")`);
    return { kind: 'local' };
  }
  const endpoint = read('MEDIA_S3_ENDPOINT').replace(/\/+$/, '');
  const bucket = read('MEDIA_S3_BUCKET');
  const accessKeyId = read('MEDIA_S3_ACCESS_KEY_ID');
  const secretAccessKey = read('MEDIA_S3_SECRET_ACCESS_KEY');
  const pathStyle = read('MEDIA_S3_FORCE_PATH_STYLE');
  const signed = read('MEDIA_S3_SIGNED_URLS');
  checkS3Variables('MEDIA_S3_', { endpoint, bucket, accessKeyId, secretAccessKey }, (name) => `${name} must be set when MEDIA_STORE is s3`, problems);
  const forcePathStyle = pathStyle ? YES_NO[pathStyle.toLowerCase()] : isHttpUrl(endpoint) ? defaultPathStyle(endpoint) : true;
  if (forcePathStyle === undefined) problems.push(`MEDIA_S3_FORCE_PATH_STYLE must be 1 or 0 (got "${pathStyle}")`);
  const signedUrls = signed ? YES_NO[signed.toLowerCase()] : false;
  if (signedUrls === undefined) problems.push(`MEDIA_S3_SIGNED_URLS must be 1 or 0 (got "${signed}")`);
  return {
    kind,
    endpoint,
    bucket,
    region: read('MEDIA_S3_REGION') || 'us-east-1',
    accessKeyId,
    secretAccessKey,
    forcePathStyle: forcePathStyle ?? true,
    signedUrls: signedUrls ?? false,
  };
}
