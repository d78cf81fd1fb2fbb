import { Readable } from 'node:stream';
import { crc32 } from 'node:zlib';

// A streaming ZIP of files stored as they are (photos and videos are compressed already), in
// ZIP64 form (no 4 GiB or 65,535-entry ceiling). Written here rather than with a general archive
// library: stored entries need no codec, and this way the checksum is Node's native `crc32` and
// each chunk read from a file is pushed once, with no stream layers in between. The layout is
// APPNOTE 6.3.x: local header, data, data descriptor, for each entry; then the central directory,
// the ZIP64 end record and its locator, and the classic end record.

export interface StoredZipEntry {
  /** The entry's name in the archive (UTF-8). */
  name: string;
  date: Date;
  /** Bytes `open` will give; a file that gives another count fails the download. */
  size: number;
  open(): Promise<Readable>;
}

const FLAGS = 0x0008 /* sizes and CRC in a data descriptor */ | 0x0800; /* UTF-8 names */
const VERSION = 45; /* ZIP64 */
const MADE_BY_UNIX = (3 << 8) | VERSION;
const FILE_MODE = 0o100644;
const MAX32 = 0xffffffff;

const LOCAL_HEADER = 30;
const CENTRAL_HEADER = 46;
/** ZIP64 extra field: sizes (local header), sizes and offset (central directory). */
const LOCAL_ZIP64 = 4 + 16;
const CENTRAL_ZIP64 = 4 + 24;
/** Extended timestamp (0x5455): the modification time in UTC, which DOS time cannot say. */
const TIMESTAMP = 4 + 5;
const DESCRIPTOR = 24;
const END_RECORDS = 56 + 20 + 22;

/** The archive's exact length, known before a byte is read: it is the download's Content-Length. */
export function storedZipLength(entries: readonly StoredZipEntry[]): number {
  let length = END_RECORDS;
  for (const entry of entries) {
    const name = Buffer.byteLength(entry.name);
    length += LOCAL_HEADER + name + LOCAL_ZIP64 + TIMESTAMP + entry.size + DESCRIPTOR;
    length += CENTRAL_HEADER + name + CENTRAL_ZIP64 + TIMESTAMP;
  }
  return length;
}

/** DOS date and time (local time, two-second steps), as unzip tools expect them. */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.min(Math.max(date.getFullYear(), 1980), 2107);
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | (date.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

function timestampExtra(date: Date): Buffer {
  const extra = Buffer.alloc(TIMESTAMP);
  extra.writeUInt16LE(0x5455, 0);
  extra.writeUInt16LE(5, 2);
  extra.writeUInt8(1, 4); // the modification time only
  extra.writeUInt32LE(Math.max(0, Math.floor(date.getTime() / 1000)) >>> 0, 5);
  return extra;
}

function localHeader(name: Buffer, entry: StoredZipEntry): Buffer {
  const header = Buffer.alloc(LOCAL_HEADER + name.length + LOCAL_ZIP64);
  const { time, date } = dosDateTime(entry.date);
  header.writeUInt32LE(0x04034b50, 0);
  header.writeUInt16LE(VERSION, 4);
  header.writeUInt16LE(FLAGS, 6);
  header.writeUInt16LE(0, 8); // stored
  header.writeUInt16LE(time, 10);
  header.writeUInt16LE(date, 12);
  header.writeUInt32LE(0, 14); // the CRC follows the data
  header.writeUInt32LE(MAX32, 18);
  header.writeUInt32LE(MAX32, 22);
  header.writeUInt16LE(name.length, 26);
  header.writeUInt16LE(LOCAL_ZIP64 + TIMESTAMP, 28);
  name.copy(header, LOCAL_HEADER);
  const zip64 = LOCAL_HEADER + name.length;
  header.writeUInt16LE(0x0001, zip64);
  header.writeUInt16LE(16, zip64 + 2);
  header.writeBigUInt64LE(BigInt(entry.size), zip64 + 4);
  header.writeBigUInt64LE(BigInt(entry.size), zip64 + 12);
  return Buffer.concat([header, timestampExtra(entry.date)]);
}

function dataDescriptor(crc: number, size: number): Buffer {
  const descriptor = Buffer.alloc(DESCRIPTOR);
  descriptor.writeUInt32LE(0x08074b50, 0);
  descriptor.writeUInt32LE(crc, 4);
  descriptor.writeBigUInt64LE(BigInt(size), 8);
  descriptor.writeBigUInt64LE(BigInt(size), 16);
  return descriptor;
}

interface Written {
  name: Buffer;
  entry: StoredZipEntry;
  crc: number;
  offset: number;
}

function centralHeader({ name, entry, crc, offset }: Written): Buffer {
  const header = Buffer.alloc(CENTRAL_HEADER + name.length + CENTRAL_ZIP64);
  const { time, date } = dosDateTime(entry.date);
  header.writeUInt32LE(0x02014b50, 0);
  header.writeUInt16LE(MADE_BY_UNIX, 4);
  header.writeUInt16LE(VERSION, 6);
  header.writeUInt16LE(FLAGS, 8);
  header.writeUInt16LE(0, 10);
  header.writeUInt16LE(time, 12);
  header.writeUInt16LE(date, 14);
  header.writeUInt32LE(crc, 16);
  header.writeUInt32LE(MAX32, 20);
  header.writeUInt32LE(MAX32, 24);
  header.writeUInt16LE(name.length, 28);
  header.writeUInt16LE(CENTRAL_ZIP64 + TIMESTAMP, 30);
  // comment length, disk number, internal attributes: 0
  header.writeUInt32LE((FILE_MODE << 16) >>> 0, 38);
  header.writeUInt32LE(MAX32, 42);
  name.copy(header, CENTRAL_HEADER);
  const zip64 = CENTRAL_HEADER + name.length;
  header.writeUInt16LE(0x0001, zip64);
  header.writeUInt16LE(24, zip64 + 2);
  header.writeBigUInt64LE(BigInt(entry.size), zip64 + 4);
  header.writeBigUInt64LE(BigInt(entry.size), zip64 + 12);
  header.writeBigUInt64LE(BigInt(offset), zip64 + 20);
  return Buffer.concat([header, timestampExtra(entry.date)]);
}

function endRecords(count: number, directoryOffset: number, directorySize: number): Buffer {
  const end = Buffer.alloc(END_RECORDS);
  // ZIP64 end of central directory record.
  end.writeUInt32LE(0x06064b50, 0);
  end.writeBigUInt64LE(44n, 4);
  end.writeUInt16LE(MADE_BY_UNIX, 12);
  end.writeUInt16LE(VERSION, 14);
  // this disk, the directory's disk: 0
  end.writeBigUInt64LE(BigInt(count), 24);
  end.writeBigUInt64LE(BigInt(count), 32);
  end.writeBigUInt64LE(BigInt(directorySize), 40);
  end.writeBigUInt64LE(BigInt(directoryOffset), 48);
  // Its locator.
  end.writeUInt32LE(0x07064b50, 56);
  end.writeBigUInt64LE(BigInt(directoryOffset + directorySize), 64);
  end.writeUInt32LE(1, 72);
  // The classic end record, every field pointing at the ZIP64 one.
  end.writeUInt32LE(0x06054b50, 76);
  end.writeUInt16LE(0xffff, 84);
  end.writeUInt16LE(0xffff, 86);
  end.writeUInt32LE(MAX32, 88);
  end.writeUInt32LE(MAX32, 92);
  return end;
}

/**
 * The archive as a byte stream that opens each entry's file only when it gets there (a ZIP may
 * hold thousands), reads it with back-pressure, and fails (destroys itself) when a file gives
 * another size than its entry says. Destroying it closes the file being read.
 */
export function storedZip(entries: readonly StoredZipEntry[]): Readable {
  let resume: (() => void) | undefined;
  let source: Readable | undefined;
  let started = false;
  const stream = new Readable({
    read() {
      const waiting = resume;
      resume = undefined;
      waiting?.();
      if (!started) {
        started = true;
        write().then(
          () => stream.push(null),
          (error: unknown) => stream.destroy(error as Error),
        );
      }
    },
    destroy(error, callback) {
      source?.destroy();
      const waiting = resume;
      resume = undefined;
      waiting?.();
      callback(error);
    },
  });
  const push = async (chunk: Buffer) => {
    if (!stream.push(chunk)) await new Promise<void>((resolve) => (resume = resolve));
    if (stream.destroyed) throw new Error('the download was closed');
  };
  async function write() {
    let offset = 0;
    const written: Written[] = [];
    for (const entry of entries) {
      const name = Buffer.from(entry.name);
      const header = localHeader(name, entry);
      await push(header);
      source = await entry.open();
      let crc = 0;
      let size = 0;
      for await (const chunk of source as AsyncIterable<Buffer>) {
        crc = crc32(chunk, crc);
        size += chunk.length;
        await push(chunk);
      }
      source = undefined;
      if (size !== entry.size) throw new Error(`${entry.name} changed while zipping: ${size} bytes, ${entry.size} expected`);
      await push(dataDescriptor(crc, size));
      written.push({ name, entry, crc, offset });
      offset += header.length + size + DESCRIPTOR;
    }
    const directory = Buffer.concat(written.map(centralHeader));
    await push(Buffer.concat([directory, endRecords(written.length, offset, directory.length)]));
  }
  return stream;
}
