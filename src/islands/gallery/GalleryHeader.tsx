import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { LOCALES } from '../../i18n/index.ts';
import LanguageFlags from '../shared/LanguageFlags.tsx';
import { useHydrated } from '../shared/use-hydrated.ts';

interface Props {
  backHref: string;
  canSendPhoto: boolean;
  canManageCards: boolean;
  onSendPhotos: () => void;
  onManageCards: () => void;
  /** Opens the prices table; absent where nothing is sold online. */
  onPrices?: (() => void) | undefined;
  /** The cart badge: how many items, and what opens the cart; absent where nothing is sold online. */
  cart?: { items: number; onOpen: () => void } | undefined;
}

/**
 * Back, the cart badge, the prices, cards, add photos, language. The page shows them before its
 * island has hydrated: until then the buttons wait disabled, as the forms do, never a click that
 * does nothing (the back link works without the island).
 */
export default function GalleryHeader({ backHref, canSendPhoto, canManageCards, onSendPhotos, onManageCards, onPrices, cart }: Props) {
  const t = useTranslate();
  const waiting = !useHydrated();
  return (
    <nav className="gallery-header" aria-label={t('gallery.actions')}>
      <a href={backHref} className="button secondary">
        {t('gallery.back')}
      </a>
      <span className="gallery-header-spacer" />
      {cart && (
        <button type="button" className="secondary cart-badge" onClick={cart.onOpen} disabled={waiting}>
          {t('cart.title')} <span className="badge">{cart.items}</span>
        </button>
      )}
      {onPrices && (
        <button type="button" className="secondary" onClick={onPrices} disabled={waiting}>
          {t('prices.open')}
        </button>
      )}
      {canManageCards && (
        <button type="button" className="secondary" onClick={onManageCards} disabled={waiting}>
          {t('gallery.manageCards')}
        </button>
      )}
      {canSendPhoto && (
        <button type="button" onClick={onSendPhotos} disabled={waiting}>
          {t('gallery.addPhoto')}
        </button>
      )}
      <LanguageFlags locales={LOCALES} />
    </nav>
  );
}
