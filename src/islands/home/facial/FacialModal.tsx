import { useCallback, useEffect, useLayoutEffect, useState } from 'react';
import { useStore, useTranslate } from '../../shared/page-stores.ts';
import type { MessageKey } from '../../../i18n/index.ts';
import type { FacialStep } from '../../../lib/facial.ts';
import { $faceSearch, $facialFallingBack, $facialStep, closeFacial, searchFaces, showFacialStep, startFacial } from '../../../stores/facial.ts';
import Modal from '../../shared/Modal.tsx';
import QrScanner from '../QrScanner.tsx';
import FacialCamera, { type Capture } from './FacialCamera.tsx';
import FacialPeriod from './FacialPeriod.tsx';
import FacialResults from './FacialResults.tsx';
import facialCss from './facial.css?inline';

const TITLES: Record<FacialStep, MessageKey> = {
  qrcode: 'credential.scanTitle',
  period: 'facial.periodTitle',
  camera: 'facial.cameraTitle',
  select: 'facial.selectTitle',
};

interface Props {
  open: boolean;
  onClose: () => void;
  organizationId: number;
  /** The organization finds its visitors by credential: the modal starts at the QR step. */
  credentialMode: boolean;
}

/**
 * Facial recognition (section 2): in credential mode the credential's QR code first, then the
 * period, the camera, and the cards with the visitor's photos.
 */
export default function FacialModal({ open, onClose, organizationId, credentialMode }: Props) {
  const t = useTranslate();
  const step = useStore($facialStep);
  const search = useStore($faceSearch);
  const fallingBack = useStore($facialFallingBack);
  const [captures, setCaptures] = useState<Capture[]>([]);

  // Every opening starts afresh, before the first paint (no earlier step flashes).
  useLayoutEffect(() => {
    if (!open) return;
    startFacial(credentialMode);
    setCaptures([]);
  }, [open, credentialMode]);
  useEffect(() => () => captures.forEach((capture) => URL.revokeObjectURL(capture.url)), [captures]);

  const close = useCallback(() => {
    closeFacial();
    onClose();
  }, [onClose]);
  const addCapture = useCallback((capture: Capture) => setCaptures((list) => [...list, capture]), []);
  const removeCapture = (capture: Capture) => setCaptures(captures.filter((c) => c !== capture));

  // The cameras run only while the modal is open.
  const content = open && (
    <>
      {step === 'qrcode' && (
        <>
          <p className="hint">{t('facial.qrHint')}</p>
          <QrScanner organizationId={organizationId} onFailed={close} />
          <div className="modal-actions">
            <button type="button" onClick={() => showFacialStep('period')}>
              {t('facial.useFace')}
            </button>
          </div>
        </>
      )}
      {step === 'period' && <FacialPeriod onScanCredential={credentialMode ? () => showFacialStep('qrcode') : undefined} />}
      {step === 'camera' && (
        <>
          <FacialCamera captures={captures} onCapture={addCapture} onRemove={removeCapture} />
          {search.error === 'TWO_FACTOR_REQUIRED' ? (
            // Under two-factor no search can open a card: say how to open one instead.
            <p role="alert" className="form-error">
              {t('facial.twoFactor')}
            </p>
          ) : (
            search.error && (
              <p role="alert" className="form-error">
                {t('facial.searchError')} {fallingBack && t('facial.fallback')}
              </p>
            )
          )}
          <div className="modal-actions">
            <button
              type="button"
              disabled={captures.length === 0 || search.loading || fallingBack}
              onClick={() =>
                void searchFaces(
                  organizationId,
                  captures.map((capture) => capture.blob),
                )
              }
            >
              {search.loading ? t('facial.searching') : t('facial.search')}
            </button>
            <button type="button" className="secondary" onClick={() => showFacialStep('period')}>
              {t('facial.changePeriod')}
            </button>
          </div>
        </>
      )}
      {step === 'select' && search.data && (
        <FacialResults found={search.data} onSearchMore={() => showFacialStep('camera')} onReturn={() => showFacialStep('period')} />
      )}
    </>
  );

  return (
    <Modal open={open} title={t(TITLES[step])} onClose={close} className={step === 'camera' || step === 'select' ? 'facial modal-wide' : 'facial'}>
      <style>{facialCss}</style>
      {content}
    </Modal>
  );
}
