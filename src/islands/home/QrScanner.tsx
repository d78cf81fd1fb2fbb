import { useEffect, useId, useRef, useState } from 'react';
import { useTranslate } from '../shared/page-stores.ts';
import { cameraProblem, type CameraProblem } from '../../lib/camera-error.ts';
import { openCredential } from '../../stores/credential.ts';
import CredentialSearch from './CredentialSearch.tsx';

interface Props {
  organizationId: number;
  /** Called when a read or typed credential opens no gallery (an error modal opens then). */
  onFailed: () => void;
}

type Status = 'starting' | 'scanning' | 'searching' | CameraProblem;

const PROBLEM_TEXT = {
  denied: 'credential.cameraDenied',
  missing: 'credential.cameraMissing',
  error: 'credential.cameraError',
} as const;

/** Minimal view of html5-qrcode's scanner (the library loads only when a scanner shows). */
interface Scanner {
  stop(): Promise<void>;
  clear(): void;
  isScanning: boolean;
}

/**
 * The credential QR scanner (section 9: 30 fps, 150x150 scan box, ideal 1920x1080, rear camera),
 * running while it is shown: in the home's scanner modal and at the facial modal's QR step. A
 * read code is looked up like a typed credential; a camera that is denied or missing says so and
 * offers the typed alternative.
 */
export default function QrScanner({ organizationId, onFailed }: Props) {
  const t = useTranslate();
  const regionId = `qr-region-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [status, setStatus] = useState<Status>('starting');
  const scanner = useRef<Scanner | null>(null);
  // The latest onFailed, so a new function from the parent never restarts the camera.
  const failed = useRef(onFailed);
  failed.current = onFailed;

  useEffect(() => {
    let cancelled = false;
    let handled = false;
    setStatus('starting');
    const stop = async () => {
      const current = scanner.current;
      scanner.current = null;
      if (current?.isScanning) await current.stop().catch(() => undefined);
      current?.clear();
    };
    (async () => {
      try {
        const { Html5Qrcode, Html5QrcodeSupportedFormats } = await import('html5-qrcode');
        if (cancelled) return;
        const instance = new Html5Qrcode(regionId, { verbose: false, formatsToSupport: [Html5QrcodeSupportedFormats.QR_CODE] });
        scanner.current = instance;
        await instance.start(
          { facingMode: 'environment' },
          {
            fps: 30,
            qrbox: { width: 150, height: 150 },
            videoConstraints: { facingMode: 'environment', width: { ideal: 1920 }, height: { ideal: 1080 } },
          },
          (text) => {
            if (handled || cancelled) return;
            handled = true;
            setStatus('searching');
            void stop().then(async () => {
              const outcome = await openCredential(organizationId, text);
              if (outcome.kind === 'gallery') window.location.assign(outcome.path);
              else failed.current();
            });
          },
          () => undefined,
        );
        if (cancelled) await stop();
        else setStatus('scanning');
      } catch (error) {
        scanner.current = null;
        if (!cancelled) setStatus(cameraProblem(error));
      }
    })();
    return () => {
      cancelled = true;
      void stop();
    };
  }, [organizationId, regionId]);

  const problem = status === 'denied' || status === 'missing' || status === 'error';

  return (
    <div className="qr-scanner">
      {problem ? (
        <>
          <p className="form-error" role="alert">
            {t(PROBLEM_TEXT[status])}
          </p>
          <CredentialSearch organizationId={organizationId} onFailed={onFailed} />
        </>
      ) : (
        <>
          <p>{t('credential.scanHint')}</p>
          <p className="hint" aria-live="polite">
            {status === 'starting' ? t('credential.starting') : status === 'searching' ? t('home.loading') : ''}
          </p>
        </>
      )}
      <div id={regionId} className="qr-region" hidden={problem} />
    </div>
  );
}
