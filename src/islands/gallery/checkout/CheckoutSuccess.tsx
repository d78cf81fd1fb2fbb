import { useStore, useTranslate } from '../../shared/page-stores.ts';
import { downloadGalleryZip } from '../../../stores/gallery.ts';
import { $zip } from '../../../stores/zip.ts';
import { ZipStatus } from '../ZipDownload.tsx';

interface Props {
  /** Whether the visitor owns media now (the ones just bought among them). */
  owns: boolean;
  onViewPhotos: () => void;
}

/**
 * Checkout step 4: the order is paid. Its one main action downloads the photos (the gallery's ZIP
 * of everything owned); the other closes the modal onto the gallery.
 */
export default function CheckoutSuccess({ owns, onViewPhotos }: Props) {
  const t = useTranslate();
  const zip = useStore($zip);
  const download = () => void downloadGalleryZip();
  return (
    <div className="checkout-success">
      <p role="status">{t('checkout.successText')}</p>
      <div className="modal-actions">
        <button type="button" onClick={download} disabled={zip.loading || !owns}>
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
