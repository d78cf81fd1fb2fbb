import { useStore, useTranslate } from '../../shared/page-stores.ts';
import { $zip, downloadZip } from '../../../stores/zip.ts';
import { ZipStatus } from '../ZipDownload.tsx';

interface Props {
  organizationId: number;
  /** The media the visitor owns now, the ones just bought among them. */
  ownedIds: string[];
  secret: string | undefined;
  onViewPhotos: () => void;
}

/**
 * Checkout step 4: the order is paid. Its one main action downloads the photos (the gallery's ZIP
 * of everything owned); the other closes the modal onto the gallery.
 */
export default function CheckoutSuccess({ organizationId, ownedIds, secret, onViewPhotos }: Props) {
  const t = useTranslate();
  const zip = useStore($zip);
  const download = () => void downloadZip(organizationId, ownedIds, secret);
  return (
    <div className="checkout-success">
      <p role="status">{t('checkout.successText')}</p>
      <div className="modal-actions">
        <button type="button" onClick={download} disabled={zip.loading || ownedIds.length === 0}>
          {t('checkout.downloadPhotos')}
        </button>
        <button type="button" className="secondary" onClick={onViewPhotos}>
          {t('checkout.viewPhotos')}
        </button>
      </div>
      <ZipStatus onRetry={download} />
    </div>
  );
}
