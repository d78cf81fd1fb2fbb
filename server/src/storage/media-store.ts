import type { Readable } from 'node:stream';
import type { ByteRange } from '../services/range.ts';

/** The headers a file is served with, which a signed link carries to the storage. */
export interface ServedAs {
  mime: string;
  cacheControl: string;
  /** Set for originals: the name the browser saves the file under. */
  attachmentName?: string;
}

/**
 * Where finished media files live: the local data folder or S3-compatible storage. A media's
 * files are prepared in a local scratch folder (sharp works on local files) and handed over
 * whole with `put`; every read names a media id and a fixed file name (`media-files.ts`).
 */
export interface MediaStore {
  /** Local folder for scratch work; the sweep at start empties it. */
  readonly scratchRoot: string;
  /** Stores every file of `folder` as media `mediaId`'s, all or none; the folder is used up. */
  put(mediaId: string, folder: string): Promise<void>;
  /**
   * Adds every file of `folder` to a stored media's (renditions made after import), replacing
   * files of the same name; the folder is used up. Fails when the media's files are gone (local
   * store); on S3, files added after a removal are debris the sweep takes.
   */
  add(mediaId: string, folder: string): Promise<void>;
  /** A file's size in bytes, undefined when it is missing. */
  size(mediaId: string, name: string): Promise<number | undefined>;
  /** A file's bytes as a stream, or only `range` of them. */
  read(mediaId: string, name: string, range?: ByteRange): Promise<Readable>;
  /** A whole file in memory (face indexing). */
  bytes(mediaId: string, name: string): Promise<Buffer>;
  /** Removes every file of a media; a missing media is no error. */
  remove(mediaId: string): Promise<void>;
  /** Every media id that has files, for the sweep of debris. */
  list(): Promise<string[]>;
  /**
   * Set when downloads go straight to the storage (MEDIA_S3_SIGNED_URLS): a short-lived link
   * to the file, served with `served`'s headers. Unset: downloads stream through the API.
   */
  signedUrl?: (mediaId: string, name: string, served: ServedAs) => Promise<string>;
}
