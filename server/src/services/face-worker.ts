import { createRequire } from 'node:module';
import path from 'node:path';
import { parentPort } from 'node:worker_threads';
import sharp from 'sharp';

// The face engine's thread: @vladmandic/face-api on TensorFlow.js's WebAssembly backend (npm
// packages only, no native build; the models ship inside face-api). Inference is synchronous
// WebAssembly, so it runs here, away from the API's event loop. One image at a time.

/** Photos are looked at no larger than this: faces stay detectable and inference stays fast. */
const MAX_SIDE = 800;

export interface FaceRequest {
  id: number;
  /** A file path or the image's bytes. */
  image: string | Uint8Array;
}
export type FaceResponse = { id: number; descriptors: Float32Array[] } | { id: number; error: string };

type FaceApi = typeof import('@vladmandic/face-api');
type TensorFlow = typeof import('@tensorflow/tfjs');

async function load() {
  const require = createRequire(import.meta.url);
  // face-api's node-wasm build registers the wasm backend on the same (CommonJS) tfjs instance.
  const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
  const tf = require('@tensorflow/tfjs') as TensorFlow;
  await tf.setBackend('wasm');
  await tf.ready();
  const models = path.join(path.dirname(require.resolve('@vladmandic/face-api/package.json')), 'model');
  await Promise.all([faceapi.nets.ssdMobilenetv1, faceapi.nets.faceLandmark68Net, faceapi.nets.faceRecognitionNet].map((net) => net.loadFromDisk(models)));
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: 0.4 });

  return async (image: string | Uint8Array): Promise<Float32Array[]> => {
    const { data, info } = await sharp(image)
      .rotate()
      .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
      .removeAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const tensor = tf.tensor3d(new Uint8Array(data), [info.height, info.width, 3], 'int32');
    try {
      // The same tfjs Tensor class, typed once by tfjs and once by face-api's bundled copy.
      const faces = await faceapi
        .detectAllFaces(tensor as never, options)
        .withFaceLandmarks()
        .withFaceDescriptors();
      return faces.map((face) => face.descriptor);
    } finally {
      tensor.dispose();
    }
  };
}

if (parentPort) {
  const port = parentPort;
  const describe = load();
  let queue: Promise<unknown> = Promise.resolve();
  port.on('message', (request: FaceRequest) => {
    queue = queue.then(async () => {
      let response: FaceResponse;
      try {
        response = { id: request.id, descriptors: await (await describe)(request.image) };
      } catch (error) {
        response = { id: request.id, error: error instanceof Error ? error.message : String(error) };
      }
      port.postMessage(response);
    });
  });
}
