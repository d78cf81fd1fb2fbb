// client:after-photos-idle: client:idle for an island of a page with a first screen of photos, once
// they show (afterFirstScreen): an island no visitor needs at once (a modal, the viewer).
import type { ClientDirective } from 'astro';
import { afterFirstScreen } from '../gallery-early.ts';

const afterPhotosIdle: ClientDirective = (load) => {
  void afterFirstScreen().then(() => {
    const hydrate = async () => (await load())();
    // As client:idle: Safari has no requestIdleCallback.
    if ('requestIdleCallback' in window) requestIdleCallback(() => void hydrate());
    else setTimeout(() => void hydrate(), 200);
  });
};

export default afterPhotosIdle;
