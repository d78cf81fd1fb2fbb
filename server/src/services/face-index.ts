import type { DatabaseSync } from 'node:sqlite';
import { faceDataVersion, iterateFacesAfter } from '../repositories/faces.ts';

// The facial search's matching: every descriptor of an organization in memory, scanned in one
// tight loop (1,000,000 faces are 512 MB of float32), instead of a SELECT per photo. The
// database stays the truth: before each match the index reads the rows added since its newest
// one (one indexed range read, usually empty), so faces described by another process (the
// admin CLI's faces:index) count at once, and a purge anywhere (the organization's generation
// changes) drops it.

const DIMENSIONS = 128;
/** Faces per chunk (8 MiB of descriptors): the index grows a chunk at a time, never copying what it holds. */
const CHUNK = 16_384;

interface Chunk {
  descriptors: Float32Array;
  /** Capture time (ms since the epoch) of each face's photo; NaN once the photo is forgotten. */
  captured: Float64Array;
  /** Each face's photo, as a slot of `OrganizationFaces.mediaIds`. */
  media: Int32Array;
  length: number;
}

interface OrganizationFaces {
  generation: number;
  /** The id of the newest row held. */
  lastId: number;
  chunks: Chunk[];
  mediaIds: string[];
  slots: Map<string, number>;
}

// Per database connection: tests open many databases in one process, each with an organization 1.
const indexes = new WeakMap<DatabaseSync, Map<number, OrganizationFaces>>();

function indexesOf(db: DatabaseSync): Map<number, OrganizationFaces> {
  let map = indexes.get(db);
  if (!map) indexes.set(db, (map = new Map()));
  return map;
}

function newChunk(): Chunk {
  return { descriptors: new Float32Array(CHUNK * DIMENSIONS), captured: new Float64Array(CHUNK), media: new Int32Array(CHUNK), length: 0 };
}

/** The organization's index, brought up to date with the database first (loaded whole the first time). */
function current(db: DatabaseSync, organizationId: number): OrganizationFaces {
  const map = indexesOf(db);
  const version = faceDataVersion(db, organizationId);
  let faces = map.get(organizationId);
  if (!faces || faces.generation !== version.generation) {
    faces = { generation: version.generation, lastId: 0, chunks: [], mediaIds: [], slots: new Map() };
    map.set(organizationId, faces);
  }
  if (version.lastId <= faces.lastId) return faces;
  for (const face of iterateFacesAfter(db, organizationId, faces.lastId)) {
    let chunk = faces.chunks.at(-1);
    if (!chunk || chunk.length === CHUNK) faces.chunks.push((chunk = newChunk()));
    let slot = faces.slots.get(face.mediaId);
    if (slot === undefined) {
      slot = faces.mediaIds.push(face.mediaId) - 1;
      faces.slots.set(face.mediaId, slot);
    }
    // Byte for byte: the BLOB need not be aligned for a Float32Array view of its own.
    new Uint8Array(chunk.descriptors.buffer, chunk.length * DIMENSIONS * 4, DIMENSIONS * 4).set(face.descriptor);
    chunk.captured[chunk.length] = Date.parse(face.capturedAt);
    chunk.media[chunk.length] = slot;
    chunk.length++;
    faces.lastId = face.id;
  }
  return faces;
}

/**
 * The photos of the organization, captured in [from, to) (ms since the epoch), with a face
 * closer than `maxDistance` (euclidean, as faceDistance) to one of `wanted`: each photo with its
 * best distance.
 */
export function matchFaces(
  db: DatabaseSync,
  organizationId: number,
  wanted: readonly Float32Array[],
  period: { from: number; to: number },
  maxDistance: number,
): Map<string, number> {
  const faces = current(db, organizationId);
  const limit = maxDistance * maxDistance;
  const best = new Map<string, number>();
  for (const chunk of faces.chunks) {
    const { descriptors, captured, media } = chunk;
    for (let i = 0; i < chunk.length; i++) {
      const time = captured[i]!;
      // NaN (a forgotten photo) fails both comparisons.
      if (!(time >= period.from && time < period.to)) continue;
      const offset = i * DIMENSIONS;
      for (const target of wanted) {
        let sum = 0;
        for (let d = 0; d < DIMENSIONS; d++) {
          const diff = descriptors[offset + d]! - target[d]!;
          sum += diff * diff;
        }
        if (sum >= limit) continue;
        const mediaId = faces.mediaIds[media[i]!]!;
        const distance = Math.sqrt(sum);
        if (distance < (best.get(mediaId) ?? Infinity)) best.set(mediaId, distance);
      }
    }
  }
  return best;
}

/** Forgets a deleted photo's faces at once (its rows went with it). */
export function forgetPhoto(db: DatabaseSync, organizationId: number, mediaId: string): void {
  const faces = indexes.get(db)?.get(organizationId);
  const slot = faces?.slots.get(mediaId);
  if (!faces || slot === undefined) return;
  for (const chunk of faces.chunks) {
    for (let i = 0; i < chunk.length; i++) if (chunk.media[i] === slot) chunk.captured[i] = NaN;
  }
}

/** Drops the organization's index (its face data was purged); the next match starts afresh. */
export function dropIndex(db: DatabaseSync, organizationId: number): void {
  indexes.get(db)?.delete(organizationId);
}
