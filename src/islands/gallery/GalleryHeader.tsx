import { useTranslate } from '../../i18n/I18nProvider.tsx';
import LanguageSelect from '../shared/LanguageSelect.tsx';

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

/** Back, the cart badge, the prices, cards, add photos, language. */
export default function GalleryHeader({ backHref, canSendPhoto, canManageCards, onSendPhotos, onManageCards, onPrices, cart }: Props) {
  const t = useTranslate();
  return (
    <nav className="gallery-header" aria-label={t('gallery.actions')}>
      <a href={backHref} className="button secondary">
        {t('gallery.back')}
      </a>
      <span className="gallery-header-spacer" />
      {cart && (
        <button type="button" className="secondary cart-badge" onClick={cart.onOpen}>
          {t('cart.title')} <span className="badge">{cart.items}</span>
        </button>
      )}
      {onPrices && (
        <button type="button" className="secondary" onClick={onPrices}>
          {t('prices.open')}
        </button>
      )}
      {canManageCards && (
        <button type="button" className="secondary" onClick={onManageCards}>
          {t('gallery.manageCards')}
        </button>
      )}
      {canSendPhoto && (
        <button type="button" onClick={onSendPhotos}>
          {t('gallery.addPhoto')}
        </button>
      )}
      <LanguageSelect />
    </nav>
  );
}
