import LanguageFlags from '../shared/LanguageFlags.tsx';
import { useShownIsland } from '../shared/page-stores.ts';

/** The home's languages (pt and en), over the site header's right end (home.css). */
export default function HomeFlags() {
  useShownIsland();
  return (
    <div className="home-flags">
      <LanguageFlags locales={['pt', 'en']} />
    </div>
  );
}
