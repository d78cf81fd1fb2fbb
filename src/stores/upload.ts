import { atom } from 'nanostores';
import { api } from '../lib/api/index.ts';
import type { UploadedCard } from '../lib/api/types.ts';
import { saveCardSecret } from '../lib/card-secret.ts';
import { MAX_UPLOAD_FILES, sniffImageType } from '../lib/upload-rules.ts';
import { asyncStore, runner } from './async-state.ts';

/** A photo chosen to send, with a local preview for its thumbnail. */
export interface PickedPhoto {
  id: string;
  file: File;
  previewUrl: string;
}

/** The photos chosen so far (png and jpeg only, checked by content before sending). */
export const $pickedPhotos = atom<PickedPhoto[]>([]);
/** Names of the files just refused (not png/jpeg, or over the limit). */
export const $refusedFiles = atom<{ names: string[]; tooMany: boolean }>({ names: [], tooMany: false });
/** The send itself: loading while sending, then the card (and access code), or an error (section 4). */
export const $upload = asyncStore<UploadedCard>();
/** 0..1 while sending. */
export const $uploadProgress = atom(0);
/** After a success, 'add more' sends to this card (with its access code under two-factor). */
export const $uploadTarget = atom<UploadedCard | null>(null);

const run = runner($upload);
let nextId = 0;

/** Checks the chosen files by their first bytes and keeps the png and jpeg ones. */
export async function pickFiles(files: readonly File[]): Promise<void> {
  const kept: PickedPhoto[] = [];
  const refused: string[] = [];
  let tooMany = false;
  for (const file of files) {
    const head = new Uint8Array(await file.slice(0, 8).arrayBuffer());
    if (!sniffImageType(head)) {
      refused.push(file.name);
    } else if ($pickedPhotos.get().length + kept.length >= MAX_UPLOAD_FILES) {
      tooMany = true;
    } else {
      kept.push({ id: `p${++nextId}`, file, previewUrl: URL.createObjectURL(file) });
    }
  }
  $refusedFiles.set({ names: refused, tooMany });
  if (kept.length) $pickedPhotos.set([...$pickedPhotos.get(), ...kept]);
  // A new choice after a failed send starts over from idle.
  if ($upload.get().error) $upload.set({ loading: false, error: null, data: null });
}

export function removePicked(id: string): void {
  const photo = $pickedPhotos.get().find((p) => p.id === id);
  if (photo) URL.revokeObjectURL(photo.previewUrl);
  $pickedPhotos.set($pickedPhotos.get().filter((p) => p.id !== id));
}

function clearPicked(): void {
  for (const photo of $pickedPhotos.get()) URL.revokeObjectURL(photo.previewUrl);
  $pickedPhotos.set([]);
  $refusedFiles.set({ names: [], tooMany: false });
}

/** Sends the chosen photos (to the card of the last success after 'add more'). */
export async function sendPhotos(organizationId: number, mustEdit: boolean): Promise<UploadedCard | null> {
  const files = $pickedPhotos.get().map((p) => p.file);
  if (!files.length) return null;
  $uploadProgress.set(0);
  const target = $uploadTarget.get();
  const card = await run(() =>
    api.uploadPhotos(organizationId, files, {
      cardCode: target?.code,
      secret: target?.secret,
      mustEdit,
      onProgress: (fraction) => $uploadProgress.set(fraction),
    }),
  );
  if (card) {
    // Kept for the session as the home keeps a typed one, so 'view my photos' opens the gallery.
    if (card.secret) saveCardSecret(card.code, card.secret);
    $uploadTarget.set(card);
    clearPicked();
  }
  return card;
}

/** 'Add more': back to choosing, keeping the card. */
export function addMorePhotos(): void {
  run.reset();
  $uploadProgress.set(0);
}

export function resetUpload(): void {
  clearPicked();
  addMorePhotos();
  $uploadTarget.set(null);
}
