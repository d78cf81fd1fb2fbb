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
}

/** Back, the shop's slots (cart badge, prices link), add photos, cards, language. */
export default function GalleryHeader({ backHref, canSendPhoto, canManageCards, onSendPhotos, onManageCards, onPrices }: Props) {
  const t = useTranslate();
  return (
    <nav className="gallery-header" aria-label={t('gallery.actions')}>
      <a href={backHref} className="button secondary">
        {t('gallery.back')}
      </a>
      <span className="gallery-header-spacer" />
      {/* Filled by the shop: the cart badge. */}
      <span className="gallery-slot" data-slot="cart-badge" />
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
