import type { Db } from '../db.ts';
import { faceDataVersion, iterateFacesAfter, listFaceDescriptors } from '../repositories/faces.ts';
import { faceDistance } from './face-engine.ts';

// The facial search's matching: every descriptor of an organization in memory, scanned in one
// tight loop, instead of a SELECT per photo. Descriptors are held as 8-bit codes with a scale
// per face (1,000,000 faces take 128 MB instead of 512 MB of float32); the scan keeps every
// face the rounding could have put on the wrong side of the threshold, and those few are
// checked exactly against their stored descriptors, so the answer is the one an exact scan
// would give. The database stays the truth: before each match the index reads the rows added
// since its newest one (one indexed range read, usually empty), so faces described by another
// process (the admin CLI's faces:index) count at once, and a purge anywhere (the
// organization's generation changes) drops it.

const DIMENSIONS = 128;
/** Faces per chunk (2 MiB of codes): the index grows a chunk at a time, never copying what it holds. */
const CHUNK = 16_384;
/**
 * Rounding moves each coordinate by at most half a step (the face's scale), so a face moves by
 * at most sqrt(128)/2 steps: by the triangle inequality its distance to anything moves as much.
 * A hair more covers the floating point of the scan itself.
 */
const ROUNDING_STEPS = Math.sqrt(DIMENSIONS) * 0.501;

interface Chunk {
  /** Each face's descriptor divided by its scale, rounded to -127..127. */
  codes: Int8Array;
  scales: Float32Array;
  /** Each face's row id, to fetch its exact descriptor. */
  rows: Float64Array;
  /** Capture time (ms since the epoch) of each face's photo; NaN once the photo is forgotten. */
  captured: Float64Array;
  /** Each face's photo, as its slot in `OrganizationFaces.slots`. */
  media: Int32Array;
  length: number;
}

interface OrganizationFaces {
  generation: number;
  /** The id of the newest row held. */
  lastId: number;
  chunks: Chunk[];
  /** A number for each photo held, by media id. */
  slots: Map<string, number>;
}

// Per database connection: tests open many databases in one process, each with an organization 1.
const indexes = new WeakMap<Db, Map<number, OrganizationFaces>>();

function indexesOf(db: Db): Map<number, OrganizationFaces> {
  let map = indexes.get(db);
  if (!map) indexes.set(db, (map = new Map()));
  return map;
}

function newChunk(): Chunk {
  return {
    codes: new Int8Array(CHUNK * DIMENSIONS),
    scales: new Float32Array(CHUNK),
    rows: new Float64Array(CHUNK),
    captured: new Float64Array(CHUNK),
    media: new Int32Array(CHUNK),
    length: 0,
  };
}

/** The organization's index, brought up to date with the database first (loaded whole the first time). */
async function current(db: Db, organizationId: number): Promise<OrganizationFaces> {
  const map = indexesOf(db);
  const version = await faceDataVersion(db, organizationId);
  let faces = map.get(organizationId);
  if (!faces || faces.generation !== version.generation) {
    faces = { generation: version.generation, lastId: 0, chunks: [], slots: new Map() };
    map.set(organizationId, faces);
  }
  if (version.lastId <= faces.lastId) return faces;
  const bytes = new Uint8Array(DIMENSIONS * 4);
  const descriptor = new Float32Array(bytes.buffer);
  for await (const face of iterateFacesAfter(db, organizationId, faces.lastId)) {
    let chunk = faces.chunks.at(-1);
    if (!chunk || chunk.length === CHUNK) faces.chunks.push((chunk = newChunk()));
    let slot = faces.slots.get(face.mediaId);
    if (slot === undefined) {
      slot = faces.slots.size;
      faces.slots.set(face.mediaId, slot);
    }
    // Through an aligned copy: the BLOB need not be aligned for a Float32Array view of its own.
    bytes.set(face.descriptor);
    let largest = 0;
    for (const value of descriptor) largest = Math.max(largest, Math.abs(value));
    // The float32 the scale is stored as, so codes and scale agree.
    const scale = Math.fround(largest / 127) || 1;
    for (let d = 0; d < DIMENSIONS; d++) chunk.codes[chunk.length * DIMENSIONS + d] = Math.round(descriptor[d]! / scale);
    chunk.scales[chunk.length] = scale;
    chunk.rows[chunk.length] = face.id;
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
export async function matchFaces(
  db: Db,
  organizationId: number,
  wanted: readonly Float32Array[],
  period: { from: number; to: number },
  maxDistance: number,
): Promise<Map<string, number>> {
  const faces = await current(db, organizationId);
  const candidates: number[] = [];
  for (const chunk of faces.chunks) {
    const { codes, scales, captured } = chunk;
    for (let i = 0; i < chunk.length; i++) {
      const time = captured[i]!;
      // NaN (a forgotten photo) fails both comparisons.
      if (!(time >= period.from && time < period.to)) continue;
      const offset = i * DIMENSIONS;
      const scale = scales[i]!;
      const reach = maxDistance + ROUNDING_STEPS * scale;
      const limit = reach * reach;
      for (let k = 0; k < wanted.length; k++) {
        const target = wanted[k]!;
        let sum = 0;
        // Eight coordinates a step (measured faster than four or one).
        for (let d = 0; d < DIMENSIONS; d += 8) {
          const at = offset + d;
          const d0 = codes[at]! * scale - target[d]!;
          const d1 = codes[at + 1]! * scale - target[d + 1]!;
          const d2 = codes[at + 2]! * scale - target[d + 2]!;
          const d3 = codes[at + 3]! * scale - target[d + 3]!;
          const d4 = codes[at + 4]! * scale - target[d + 4]!;
          const d5 = codes[at + 5]! * scale - target[d + 5]!;
          const d6 = codes[at + 6]! * scale - target[d + 6]!;
          const d7 = codes[at + 7]! * scale - target[d + 7]!;
          sum += d0 * d0 + d1 * d1 + d2 * d2 + d3 * d3 + d4 * d4 + d5 * d5 + d6 * d6 + d7 * d7;
          // The sum only grows: past the limit this face cannot match (most faces stop early).
          if (sum >= limit) break;
        }
        if (sum < limit) {
          candidates.push(chunk.rows[i]!);
          break;
        }
      }
    }
  }
  // The exact check; a face whose row is gone meanwhile (its photo deleted) drops out.
  const best = new Map<string, number>();
  for (const { mediaId, descriptor } of await listFaceDescriptors(db, candidates)) {
    const distance = Math.min(...wanted.map((target) => faceDistance(target, descriptor)));
    if (distance < maxDistance && distance < (best.get(mediaId) ?? Infinity)) best.set(mediaId, distance);
  }
  return best;
}

/** Forgets a deleted photo's faces at once (its rows went with it): out of every period, codes zeroed. */
export function forgetPhoto(db: Db, organizationId: number, mediaId: string): void {
  const faces = indexes.get(db)?.get(organizationId);
  const slot = faces?.slots.get(mediaId);
  if (!faces || slot === undefined) return;
  for (const chunk of faces.chunks) {
    for (let i = 0; i < chunk.length; i++) {
      if (chunk.media[i] !== slot) continue;
      chunk.captured[i] = NaN;
      chunk.codes.fill(0, i * DIMENSIONS, (i + 1) * DIMENSIONS);
    }
  }
}

/** How many faces of the organization this process holds in memory (forgotten ones aside). */
export function heldFaces(db: Db, organizationId: number): number {
  let held = 0;
  for (const chunk of indexes.get(db)?.get(organizationId)?.chunks ?? []) {
    for (let i = 0; i < chunk.length; i++) if (!Number.isNaN(chunk.captured[i])) held++;
  }
  return held;
}

/** Drops the organization's index (its face data was purged); the next match starts afresh. */
export function dropIndex(db: Db, organizationId: number): void {
  indexes.get(db)?.delete(organizationId);
}
