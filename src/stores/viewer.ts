import { atom, map } from 'nanostores';
import { api } from '../lib/api/index.ts';
import type { Media } from '../lib/api/types.ts';
import { allMedia, neighbours } from '../lib/gallery.ts';
import { asyncStore, runner } from './async-state.ts';
import { $media, removeMedia } from './media.ts';

/** The id of the media the viewer shows, or null when it is closed. */
export const $viewerMedia = atom<string | null>(null);

/** The media the viewer walks through, in the gallery's order. */
function walk(): Media[] {
  const { data } = $media.get();
  return data ? allMedia(data) : [];
}

export function openViewer(id: string): void {
  resetShare();
  clearDeletion();
  $viewerMedia.set(id);
}

export function closeViewer(): void {
  $viewerMedia.set(null);
}

/** Previous (-1) or next (+1); stays put at either end. */
export function stepViewer(direction: -1 | 1): void {
  const around = neighbours(walk(), $viewerMedia.get());
  const target = direction < 0 ? around.previous : around.next;
  if (target) openViewer(target.id);
}

// ---- Delete (can_remove_photo) ----

export const $deletion = asyncStore<string>();
const runDeletion = runner($deletion);

/** Deletes the media; it leaves both lists and the viewer moves on (next, else previous, else closes). */
export async function deleteMedia(organizationId: number, id: string): Promise<boolean> {
  const around = neighbours(walk(), id);
  const done = await runDeletion(() => api.deleteMedia(organizationId, id).then(() => id));
  if (!done) return false;
  removeMedia(id);
  const after = around.next ?? around.previous;
  if ($viewerMedia.get() === id) $viewerMedia.set(after ? after.id : null);
  return true;
}

export function clearDeletion(): void {
  $deletion.set({ loading: false, error: null, data: null });
}

// ---- Share ----

export type ShareStatus = 'idle' | 'working' | 'shared' | 'copied' | 'manual' | 'failed';
export const $share = map<{ status: ShareStatus; link: string | null }>({ status: 'idle', link: null });

export function resetShare(): void {
  $share.set({ status: 'idle', link: null });
}

/**
 * Shares the media: with the Web Share API (the clean file itself when the browser can share
 * files and the media is the visitor's), else by copying its link. `text` asks to tag the provider.
 */
export async function shareMedia(media: Media, downloadable: boolean, text: string, nav: Navigator = navigator): Promise<void> {
  const link = downloadable ? media.originalUrl : media.previewUrl;
  $share.set({ status: 'working', link: null });
  try {
    if (downloadable && typeof nav.canShare === 'function' && typeof nav.share === 'function') {
      const file = await api.getOriginalFile(media);
      if (nav.canShare({ files: [file] })) {
        await nav.share({ files: [file], title: media.filename, text });
        $share.set({ status: 'shared', link: null });
        return;
      }
    }
    if (typeof nav.share === 'function') {
      await nav.share({ url: link, title: media.filename, text });
      $share.set({ status: 'shared', link: null });
      return;
    }
  } catch (error) {
    // The visitor closed the share sheet: nothing to say.
    if (error instanceof DOMException && error.name === 'AbortError') {
      resetShare();
      return;
    }
    // Anything else falls back to the link.
  }
  try {
    await nav.clipboard.writeText(link);
    $share.set({ status: 'copied', link });
  } catch {
    // No clipboard either: the link is shown to copy by hand.
    $share.set({ status: 'manual', link });
  }
}
