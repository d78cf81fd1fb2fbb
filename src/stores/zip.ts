import { api } from '../lib/api/index.ts';
import { startDownload } from '../lib/download.ts';
import { asyncStore, runner } from './async-state.ts';

/** The ZIP of everything the visitor owns: loading while prepared, then its url, or an error. */
export const $zip = asyncStore<string>();
const run = runner($zip);

/**
 * Asks for the ZIP of the media `mediaIds` finds (with the cards' access code under two-factor)
 * and, once answered, lets the browser download it (section 4). Finding them is part of the
 * preparing: a failure there is the ZIP's.
 */
export async function downloadZip(organizationId: number, mediaIds: () => Promise<string[]>, secret?: string): Promise<void> {
  const url = await run(async () => api.createZip(organizationId, await mediaIds(), secret));
  if (url) startDownload(url, 'fotos.zip');
}

export function clearZip(): void {
  $zip.set({ loading: false, error: null, data: null });
}
