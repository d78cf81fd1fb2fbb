import { useStore } from '@nanostores/react';
import { useCallback, useEffect, useState } from 'react';
import { useTranslate } from '../../../i18n/I18nProvider.tsx';
import type { MessageKey } from '../../../i18n/index.ts';
import { FALLBACK_DELAY_MS } from '../../../lib/facial.ts';
import { $faceSearch, clearFaceSearch, searchFaces } from '../../../stores/facial.ts';
import Modal from '../../shared/Modal.tsx';
import FacialCamera, { type Capture } from './FacialCamera.tsx';
import FacialPeriod, { type Period } from './FacialPeriod.tsx';
import FacialResults from './FacialResults.tsx';

type Step = 'period' | 'camera' | 'select';

const TITLES: Record<Step, MessageKey> = { period: 'facial.periodTitle', camera: 'facial.cameraTitle', select: 'facial.selectTitle' };

interface Props {
  open: boolean;
  onClose: () => void;
  organizationId: number;
}

/** Facial recognition (section 2): the period, the camera, then the cards with the visitor's photos. */
export default function FacialModal({ open, onClose, organizationId }: Props) {
  const t = useTranslate();
  const search = useStore($faceSearch);
  const [step, setStep] = useState<Step>('period');
  const [period, setPeriod] = useState<Period>({ start: '', end: '' });
  const [captures, setCaptures] = useState<Capture[]>([]);
  const [fallingBack, setFallingBack] = useState(false);

  // Every opening starts afresh; closing lets go of the captures.
  useEffect(() => {
    if (!open) return;
    setStep('period');
    setCaptures([]);
    clearFaceSearch();
  }, [open]);
  useEffect(() => () => captures.forEach((capture) => URL.revokeObjectURL(capture.url)), [captures]);

  // A failed search after earlier results goes back to them after 5 seconds (section 4).
  useEffect(() => {
    if (!fallingBack) return;
    const timer = window.setTimeout(() => {
      setFallingBack(false);
      setStep('select');
    }, FALLBACK_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [fallingBack]);

  const addCapture = useCallback((capture: Capture) => setCaptures((list) => [...list, capture]), []);
  const removeCapture = (capture: Capture) => setCaptures(captures.filter((c) => c !== capture));
  const runSearch = async () => {
    const before = $faceSearch.get().data;
    const found = await searchFaces(organizationId, period.start, period.end, captures.map((capture) => capture.blob));
    if (found) setStep('select');
    else if (before) setFallingBack(true);
  };

  return (
    <Modal open={open} title={t(TITLES[step])} onClose={onClose} className="modal-wide facial">
      {step === 'period' && (
        <FacialPeriod
          period={period}
          onNext={(chosen) => {
            setPeriod(chosen);
            setStep('camera');
          }}
        />
      )}
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
            <button type="button" disabled={captures.length === 0 || search.loading || fallingBack} onClick={() => void runSearch()}>
              {search.loading ? t('facial.searching') : t('facial.search')}
            </button>
            <button type="button" className="secondary" onClick={() => setStep('period')}>
              {t('facial.changePeriod')}
            </button>
          </div>
        </>
      )}
      {step === 'select' && search.data && (
        <FacialResults cards={search.data} onSearchMore={() => setStep('camera')} onReturn={() => setStep('period')} />
      )}
    </Modal>
  );
}
