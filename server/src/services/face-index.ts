import type { Db } from '../db.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { faceDataVersion, listFaceDescriptors, listFacesAfter, listFacialSearchOrganizationIds, type StoredFace } from '../repositories/faces.ts';
import { faceDistance } from './face-engine.ts';

// The facial search's matching: every descriptor of an organization in memory, scanned in one
// tight loop, instead of a SELECT per photo. Descriptors are held as 8-bit codes with a scale
// per face (1,000,000 faces take 128 MB instead of 512 MB of float32); the scan keeps every
// face the rounding could have put on the wrong side of the threshold, and those few are
// checked exactly against their stored descriptors, so the answer is the one an exact scan
// would give. The database stays the truth: before each match the index reads the rows added
// since its newest one (one indexed range read, usually empty), so faces described by another
// process (the admin CLI's faces:index) count at once, and a purge anywhere (the
// organization's generation changes) drops it. Loading is done in slices, letting other requests
// through between them (a million faces take seconds), and the API loads the indexes of the
// organizations with facial search in the background as it starts.

const DIMENSIONS = 128;
/** Faces per chunk (2 MiB of codes): the index grows a chunk at a time, never copying what it holds. */
const CHUNK = 16_384;
/** Rows read between two turns of the event loop while loading (about 30 ms of work). */
const LOAD_SLICE = 2048;
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
  /** The capture times' range, to skip a chunk outside the searched period whole. */
  earliest: number;
  latest: number;
}

interface OrganizationFaces {
  generation: number;
  /** The id of the newest row held. */
  lastId: number;
  chunks: Chunk[];
  /** A number for each photo held, by media id. */
  slots: Map<string, number>;
  /** The catching up with the database under way, shared by every search meanwhile. */
  loading: Promise<void> | undefined;
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
    earliest: Infinity,
    latest: -Infinity,
  };
}

/** Adds the faces read from the database to the index. */
function hold(faces: OrganizationFaces, stored: readonly StoredFace[]): void {
  const bytes = new Uint8Array(DIMENSIONS * 4);
  const descriptor = new Float32Array(bytes.buffer);
  for (const face of stored) {
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
    const captured = Date.parse(face.capturedAt);
    chunk.scales[chunk.length] = scale;
    chunk.rows[chunk.length] = face.id;
    chunk.captured[chunk.length] = captured;
    chunk.media[chunk.length] = slot;
    chunk.earliest = Math.min(chunk.earliest, captured);
    chunk.latest = Math.max(chunk.latest, captured);
    chunk.length++;
    faces.lastId = face.id;
  }
}

/** Reads the rows after the newest held, a slice at a time, with a turn of the event loop between slices. */
async function catchUp(db: Db, organizationId: number, faces: OrganizationFaces): Promise<void> {
  for (;;) {
    const slice = await listFacesAfter(db, organizationId, faces.lastId, LOAD_SLICE);
    hold(faces, slice);
    if (slice.length < LOAD_SLICE) return;
    await nextTurn();
  }
}

/** The organization's index, brought up to date with the database first (loaded whole the first time). */
async function current(db: Db, organizationId: number): Promise<OrganizationFaces> {
  const map = indexesOf(db);
  for (;;) {
    const version = await faceDataVersion(db, organizationId);
    let faces = map.get(organizationId);
    if (!faces || faces.generation !== version.generation) {
      faces = { generation: version.generation, lastId: 0, chunks: [], slots: new Map(), loading: undefined };
      map.set(organizationId, faces);
    }
    if (version.lastId <= faces.lastId) return faces;
    // One load at a time: a second reader would add the same rows again.
    const loading = (faces.loading ??= catchUp(db, organizationId, faces).finally(() => (faces.loading = undefined)));
    await loading;
    // Then the version again: rows may have come, or a purge, while it loaded.
  }
}

/**
 * Loads the indexes of the organizations with facial search, one after the other, so the first
 * search after the API starts does not wait for it. Stops once `signal` aborts (at the latest
 * when the next slice meets the closed database). Never rejects.
 */
export async function warmFaceIndexes(db: Db, { signal, log }: { signal: AbortSignal; log: (message: string) => void }): Promise<void> {
  try {
    for (const organizationId of await listFacialSearchOrganizationIds(db)) {
      if (signal.aborted) return;
      await current(db, organizationId);
    }
  } catch (error) {
    // The database closed under it (the API stopping) is no news; else the first search loads it.
    if (!signal.aborted) log(`Face indexes not loaded ahead: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** The query faces, coordinates interleaved three at a time (q[d * 3 + k]) for the scan, as doubles. */
function interleaved(group: readonly Float32Array[]): Float64Array {
  const q = new Float64Array(DIMENSIONS * 3);
  for (let k = 0; k < 3; k++) {
    // A group of fewer than three repeats its first face: the same sums again.
    const target = group[k] ?? group[0]!;
    for (let d = 0; d < DIMENSIONS; d++) q[d * 3 + k] = target[d]!;
  }
  return q;
}

/**
 * Whether the coded face at `offset` may be within `limit` (squared distance) of one of three
 * query faces: the three sums are run in one pass over its codes (each code read and scaled once,
 * measured 25% faster than three passes), and stop once all three passed the limit (they only grow).
 */
function nearOneOfThree(codes: Int8Array, offset: number, scale: number, q: Float64Array, limit: number): boolean {
  let a = 0;
  let b = 0;
  let c = 0;
  for (let d = 0; d < DIMENSIONS; d += 4) {
    const at = offset + d;
    const at3 = d * 3;
    const v0 = codes[at]! * scale;
    const v1 = codes[at + 1]! * scale;
    const v2 = codes[at + 2]! * scale;
    const v3 = codes[at + 3]! * scale;
    let x = v0 - q[at3]!;
    let y = v1 - q[at3 + 3]!;
    let z = v2 - q[at3 + 6]!;
    let w = v3 - q[at3 + 9]!;
    a += x * x + y * y + z * z + w * w;
    x = v0 - q[at3 + 1]!;
    y = v1 - q[at3 + 4]!;
    z = v2 - q[at3 + 7]!;
    w = v3 - q[at3 + 10]!;
    b += x * x + y * y + z * z + w * w;
    x = v0 - q[at3 + 2]!;
    y = v1 - q[at3 + 5]!;
    z = v2 - q[at3 + 8]!;
    w = v3 - q[at3 + 11]!;
    c += x * x + y * y + z * z + w * w;
    if (a >= limit && b >= limit && c >= limit) return false;
  }
  return a < limit || b < limit || c < limit;
}

/**
 * Whether the coded face at `offset` may be within `limit` of the one query face `target`,
 * stopping once the sum passed the limit (most faces stop within the first half).
 */
function nearOne(codes: Int8Array, offset: number, scale: number, target: Float64Array, limit: number): boolean {
  let sum = 0;
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
    if (sum >= limit) return false;
  }
  return true;
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
  // Three query faces a pass; one left over gets the single pass (three times cheaper than a padded triple).
  const triples: Float64Array[] = [];
  const singles: Float64Array[] = [];
  for (let k = 0; k < wanted.length; k += 3) {
    const group = wanted.slice(k, k + 3);
    if (group.length === 1) singles.push(Float64Array.from(group[0]!));
    else triples.push(interleaved(group));
  }
  const candidates: number[] = [];
  for (const chunk of faces.chunks) {
    if (chunk.latest < period.from || chunk.earliest >= period.to) continue;
    const { codes, scales, captured } = chunk;
    for (let i = 0; i < chunk.length; i++) {
      const time = captured[i]!;
      // NaN (a forgotten photo) fails both comparisons.
      if (!(time >= period.from && time < period.to)) continue;
      const offset = i * DIMENSIONS;
      const scale = scales[i]!;
      const reach = maxDistance + ROUNDING_STEPS * scale;
      const limit = reach * reach;
      let near = false;
      for (let k = 0; k < triples.length && !near; k++) near = nearOneOfThree(codes, offset, scale, triples[k]!, limit);
      for (let k = 0; k < singles.length && !near; k++) near = nearOne(codes, offset, scale, singles[k]!, limit);
      if (near) candidates.push(chunk.rows[i]!);
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
