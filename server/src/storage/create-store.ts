import type { MediaStoreSetting } from '@gallery/contract/s3-settings';
import { scratchRoot } from '../services/media-files.ts';
import { createLocalStore } from './local-store.ts';
import type { MediaStore } from './media-store.ts';
import { createS3Store } from './s3-store.ts';

// Apart from media-store.ts, which the stores implement: the interface does not import them.

/** The store the configuration names; scratch is always under the local data folder. */
export function createMediaStore(setting: MediaStoreSetting, dataDir: string): MediaStore {
  return setting.kind === 's3' ? createS3Store(setting, scratchRoot(dataDir)) : createLocalStore(dataDir);
}
