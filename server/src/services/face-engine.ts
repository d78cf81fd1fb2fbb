import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';

// Face detection and description with @vladmandic/face-api on TensorFlow.js's WebAssembly
// backend: pure npm packages, no native build, models read from the package's own folder.

export interface FaceEngine {
  /** One 128-number descriptor per face found in the image (file path or bytes); [] when none. */
  describe(image: string | Buffer): Promise<Float32Array[]>;
}

/** Faces closer than this (euclidean distance of descriptors) are taken as the same person. */
export const SAME_PERSON_DISTANCE = 0.5;
/** Photos are looked at no larger than this: faces stay detectable and inference stays fast. */
const MAX_SIDE = 800;

type FaceApi = typeof import('@vladmandic/face-api');
type TensorFlow = typeof import('@tensorflow/tfjs');

let loading: Promise<FaceEngine> | undefined;

/** The engine, loaded once per process on first use (about 0.2 s; then ~0.6 s per photo). */
export function faceEngine(): Promise<FaceEngine> {
  loading ??= load();
  return loading;
}

async function load(): Promise<FaceEngine> {
  const require = createRequire(import.meta.url);
  // face-api's node-wasm build registers the wasm backend on the same (CommonJS) tfjs instance.
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const tf = require('@tensorflow/tfjs') as TensorFlow;
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await Promise.all([faceapi.nets.ssdMobilenetv1, faceapi.nets.faceLandmark68Net, faceapi.nets.faceRecognitionNet].map((net) => net.loadFromDisk(models)));
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.4 });

  // One inference at a time: the backend is single-threaded and its memory is shared.
  let queue: Promise<unknown> = Promise.resolve();
  const describe = async (image: string | Buffer): Promise<Float32Array[]> => {
    const { data, info } = await sharp(image)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
    try {
      // The same tfjs Tensor class, typed once by tfjs and once by face-api's bundled copy.
      const faces = await faceapi.detectAllFaces(tensor as never, options).withFaceLandmarks().withFaceDescriptors();
      return faces.map((face) => face.descriptor);
    } finally {
      tensor.dispose();
    }
  };
  return {
    describe(image) {
      const run = queue.then(() => describe(image));
      queue = run.catch(() => undefined);
      return run;
    },
  };
}

export function faceDistance(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  for (let i = 0; i < a.length; i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    sum += d * d;
  }
  return Math.sqrt(sum);
}
