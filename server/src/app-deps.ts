import type { Db } from './db.ts';
import type { MediaStore } from './storage/media-store.ts';

// Apart from app.ts, which registers the routes that take these: no route imports the app.

/** What every route needs; passed in so tests can build the app on a throw-away folder. */
export interface AppDeps {
  db: Db;
  dataDir: string;
  /** Where media files live (the data folder's media/ unless configured otherwise). */
  store: MediaStore;
}
