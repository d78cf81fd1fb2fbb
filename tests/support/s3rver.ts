import path from 'node:path';
import S3rver from 's3rver';

/** s3rver's fixed credentials. */
export const S3RVER_CREDENTIALS = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } as const;

export interface TestS3 {
  port: number;
  endpoint: string;
  close(): Promise<void>;
}

/** A real S3-compatible server on a random local port, its data under `folder`, with these buckets made. */
export async function startS3rver(folder: string, buckets: readonly string[]): Promise<TestS3> {
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: path.join(folder, 's3'),
    configureBuckets: buckets.map((name) => ({ name, configs: [] })),
  });
  const { port } = await server.run();
  return { port, endpoint: `http://127.0.0.1:${port}`, close: () => server.close() };
}
