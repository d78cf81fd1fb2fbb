import { useTranslate } from '../shared/page-stores.ts';
import Modal from '../shared/Modal.tsx';
import QrScanner from './QrScanner.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  organizationId: number;
}

/** The home's credential QR scanner: the camera runs while the modal is open. */
export default function QrScannerModal({ open, onClose, organizationId }: Props) {
  const t = useTranslate();
  return (
    <Modal open={open} title={t('credential.scanTitle')} onClose={onClose} className="qr-modal">
      {open && <QrScanner organizationId={organizationId} onFailed={onClose} />}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={onClose}>
          {t('home.close')}
        </button>
      </div>
    </Modal>
  );
}
