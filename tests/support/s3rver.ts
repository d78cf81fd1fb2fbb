import { createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
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

/**
 * An HTTP server in front of the S3 server on `port`: `handle` sees every request first and
 * answers it itself by returning true; every other request is forwarded as is.
 */
export async function proxyS3(
  port: number,
  handle: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean,
): Promise<{ endpoint: string; close(): Promise<void> }> {
  const proxy = createServer((incoming, outgoing) => {
    if (handle(incoming, outgoing)) return;
    const upstream = request({ host: '127.0.0.1', port, method: incoming.method, path: incoming.url, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}
