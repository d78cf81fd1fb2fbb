import { S3Client } from '@aws-sdk/client-s3';
import { defaultPathStyle, type S3Target } from './s3-settings.ts';

// One client setup for the media store and the publisher's CDN target.

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
