import { S3Client } from '@aws-sdk/client-s3';

// Shared by the media store and the site publisher (publisher/cdn.ts).

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

export function createS3Client(target: S3Target, forcePathStyle = defaultPathStyle(target.endpoint)): S3Client {
  return new S3Client({
    endpoint: target.endpoint,
    region: target.region,
    credentials: { accessKeyId: target.accessKeyId, secretAccessKey: target.secretAccessKey },
    forcePathStyle,
    // The SDK's default CRC32 checksums on every upload are not understood by every S3-compatible
    // server; the uploads carry Content-MD5 instead.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    // An endpoint that stops answering must fail the call, not hang it.
    requestHandler: { connectionTimeout: 10_000, requestTimeout: 60_000, throwOnRequestTimeout: true },
  });
}
