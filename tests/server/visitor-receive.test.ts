import fs from 'node:fs/promises';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { receiveInMemory, receiveParts, type UploadPart } from '../../server/src/services/visitor-upload.ts';
import { makeTempDir } from './helpers.ts';

// The one receive loop, fed parts directly: the rules hold wherever the bytes go.

const folders: string[] = [];
afterEach(async () => {
  for (const folder of folders.splice(0)) await fs.rm(folder, { recursive: true, force: true });
});

/** A file part as @fastify/multipart gives it; `truncated` when the parser cut it at the size limit without an error. */
function filePart(bytes: string, truncated = false): UploadPart {
  return { fieldname: 'photos[]', filename: 'a.jpg', file: Object.assign(Readable.from([Buffer.from(bytes)]), { truncated }) };
}

async function* partsOf(...parts: UploadPart[]): AsyncIterable<UploadPart> {
  yield* parts;
}

describe('receiving uploaded files', () => {
  it('refuses a file the parser cut at the size limit, to disk and to memory alike', async () => {
    const folder = await makeTempDir('receive-');
    folders.push(folder);
    await expect(receiveParts(partsOf(filePart('cut', true)), folder)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    await expect(receiveInMemory(partsOf(filePart('cut', true)), 5)).rejects.toMatchObject({ status: 413, code: 'PAYLOAD_TOO_LARGE' });
    await expect(receiveInMemory(partsOf(filePart('whole')), 5)).resolves.toEqual([{ name: 'a.jpg', bytes: Buffer.from('whole') }]);
  });
});
