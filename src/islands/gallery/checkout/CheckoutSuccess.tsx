import { useTranslate } from '../../../i18n/I18nProvider.tsx';
import ZipDownload from '../ZipDownload.tsx';

interface Props {
  organizationId: number;
  /** The media the visitor owns now, the ones just bought among them. */
  ownedIds: string[];
  secret: string | undefined;
  onViewPhotos: () => void;
}

/** Checkout step 4: the order is paid; the photos download clean, one by one or as a ZIP. */
export default function CheckoutSuccess({ organizationId, ownedIds, secret, onViewPhotos }: Props) {
  const t = useTranslate();
  return (
    <div className="checkout-success">
      <p role="status">{t('checkout.successText')}</p>
      <div className="modal-actions">
        <button type="button" onClick={onViewPhotos}>
          {t('checkout.downloadPhotos')}
        </button>
      </div>
      <ZipDownload organizationId={organizationId} mediaIds={ownedIds} secret={secret} />
    </div>
  );
}
