import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { crc32 } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { storedZip, storedZipLength, type StoredZipEntry } from '../../server/src/services/stored-zip.ts';
import { unzip } from '../support/zip.ts';

const entry = (name: string, data: Buffer, date = new Date('2026-03-14T15:09:26Z')): StoredZipEntry => ({
  name,
  date,
  size: data.length,
  // In 64 KiB pieces, as a file is read.
  open: async () => Readable.from(Array.from({ length: Math.ceil(data.length / 65536) }, (_, i) => data.subarray(i * 65536, (i + 1) * 65536))),
});

/** The central directory as yauzl reads it: name, CRC, sizes, time. */
function directory(zip: Buffer): Promise<yauzl.Entry[]> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(zip, { lazyEntries: false }, (error, file) => {
      if (error || !file) return reject(error ?? new Error('no zip'));
      const entries: yauzl.Entry[] = [];
      file.on('entry', (found: yauzl.Entry) => entries.push(found));
      file.on('end', () => resolve(entries));
      file.on('error', reject);
    });
  });
}

describe('storedZip', () => {
  it('writes a ZIP64 archive of exactly the announced length that unzip tools read back', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024 + 7, 0xab);
    const entries = [entry('hello.txt', Buffer.from('hello')), entry('Ação 1.jpg', big), entry('empty', Buffer.alloc(0))];
    const zip = await buffer(storedZip(entries));
    expect(zip.length).toBe(storedZipLength(entries));
    const read = await unzip(zip);
    expect(read.map((file) => file.name)).toEqual(['hello.txt', 'Ação 1.jpg', 'empty']);
    expect(read[0]?.data.toString()).toBe('hello');
    expect(read[1]?.data.equals(big)).toBe(true);
    const [hello, photo] = await directory(zip);
    expect(photo?.crc32).toBe(crc32(big));
    // CRC-32 of "hello", as every ZIP tool computes it.
    expect(hello?.crc32).toBe(0x3610a686);
    expect(hello?.compressionMethod).toBe(0);
    expect(hello?.getLastModDate({ forceDosFormat: false }).toISOString()).toBe('2026-03-14T15:09:26.000Z');
  });

  it('reads each file only when the archive gets to it, with back-pressure', async () => {
    const opened: string[] = [];
    const entries = ['a', 'b'].map((name) => ({
      ...entry(name, Buffer.alloc(4 << 20, 1)),
      open: async () => (opened.push(name), Readable.from([Buffer.alloc(4 << 20, 1)])),
    }));
    const stream = storedZip(entries);
    const first = await new Promise<Buffer>((resolve) => stream.once('data', resolve));
    stream.pause();
    expect(first.length).toBeGreaterThan(0);
    expect(opened).toEqual(['a']);
    stream.destroy();
  });

  it('fails the download when a file gives another size than its entry says', async () => {
    const lying = { ...entry('short.jpg', Buffer.from('abc')), size: 10 };
    await expect(buffer(storedZip([lying]))).rejects.toThrow(/short\.jpg changed while zipping/);
  });

  it('closes the file being read when the download is closed', async () => {
    let source: Readable | undefined;
    const endless = {
      ...entry('endless.bin', Buffer.alloc(0)),
      size: 1 << 30,
      open: async () =>
        (source = new Readable({
          read() {
            this.push(Buffer.alloc(1 << 16));
          },
        })),
    };
    const stream = storedZip([endless]);
    await new Promise<void>((resolve) => stream.on('data', () => source && resolve()));
    stream.destroy();
    await new Promise((resolve) => setImmediate(resolve));
    expect(source?.destroyed).toBe(true);
  });
});
