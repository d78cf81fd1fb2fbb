// client:after-photos: client:load for an island of a page with a first screen of photos, once they
// show (afterFirstScreen); on a phone network its code would share their bandwidth.
import type { ClientDirective } from 'astro';
import { afterFirstScreen } from '../gallery-early.ts';

// Its promise returned: Astro reports a failed hydration as it does for its own directives.
const afterPhotos: ClientDirective = (load) =>
  afterFirstScreen().then(async () => {
    const hydrate = await load();
    await hydrate();
  });

export default afterPhotos;
