import { useEffect, useMemo, useRef, useState } from 'react';
import Webcam from 'react-webcam';
import { useTranslate } from '../../shared/page-stores.ts';
import { cameraProblem, type CameraProblem } from '../../../lib/camera-error.ts';
import { CAPTURE_COOLDOWN_MS, CAPTURE_COUNTDOWN, MAX_CAPTURES } from '../../../lib/facial.ts';

export interface Capture {
  blob: Blob;
  url: string;
}

interface Props {
  captures: Capture[];
  onCapture: (capture: Capture) => void;
  onRemove: (capture: Capture) => void;
}

const PROBLEM_TEXT = { denied: 'facial.cameraDenied', missing: 'facial.cameraMissing', error: 'facial.cameraError' } as const;

/** The visitor's camera (front by default, mirrored by default); captures after a countdown, then a cooldown. */
export default function FacialCamera({ captures, onCapture, onRemove }: Props) {
  const t = useTranslate();
  const webcam = useRef<Webcam>(null);
  const [facing, setFacing] = useState<'user' | 'environment'>('user');
  const [mirror, setMirror] = useState(true);
  const [problem, setProblem] = useState<CameraProblem | null>(() => (navigator.mediaDevices ? null : 'missing'));
  const [ready, setReady] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [coolingDown, setCoolingDown] = useState(false);
  // One constraints object per camera: react-webcam reopens the camera when it changes.
  const constraints = useMemo(() => ({ facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } }), [facing]);

  // The latest onCapture, so a new function from the parent never disturbs a countdown.
  const capture = useRef(onCapture);
  capture.current = onCapture;

  // The countdown ticks once a second; after 1 the frame is taken and a cooldown starts.
  useEffect(() => {
    if (countdown === null) return;
    const tick = window.setTimeout(() => {
      if (countdown > 1) {
        setCountdown(countdown - 1);
        return;
      }
      setCountdown(null);
      const canvas = webcam.current?.getCanvas();
      if (!canvas) return;
      canvas.toBlob((blob) => blob && capture.current({ blob, url: URL.createObjectURL(blob) }), 'image/jpeg', 0.9);
      setCoolingDown(true);
    }, 1000);
    return () => window.clearTimeout(tick);
  }, [countdown]);

  useEffect(() => {
    if (!coolingDown) return;
    const cool = window.setTimeout(() => setCoolingDown(false), CAPTURE_COOLDOWN_MS);
    return () => window.clearTimeout(cool);
  }, [coolingDown]);

  function switchCamera() {
    setReady(false);
    setProblem(null);
    setFacing(facing === 'user' ? 'environment' : 'user');
  }

  const full = captures.length >= MAX_CAPTURES;
  return (
    <div className="facial-camera">
      {problem ? (
        <p role="alert" className="form-error">
          {t(PROBLEM_TEXT[problem])}
        </p>
      ) : (
        <div className="facial-video">
          <Webcam
            ref={webcam}
            audio={false}
            mirrored={mirror}
            videoConstraints={constraints}
            forceScreenshotSourceSize
            onUserMedia={() => setReady(true)}
            onUserMediaError={(error) => setProblem(cameraProblem(error))}
            aria-label={t('facial.preview')}
          />
          {countdown !== null && (
            <span className="facial-countdown" aria-live="assertive">
              {countdown}
            </span>
          )}
        </div>
      )}
      <div className="facial-settings" role="group" aria-label={t('facial.settings')}>
        <label>
          <input type="checkbox" checked={mirror} onChange={(event) => setMirror(event.currentTarget.checked)} /> {t('facial.mirror')}
        </label>
        <button type="button" className="secondary" onClick={switchCamera}>
          {t(facing === 'user' ? 'facial.useRear' : 'facial.useFront')}
        </button>
      </div>
      <div className="modal-actions">
        <button type="button" disabled={!ready || countdown !== null || coolingDown || full} onClick={() => setCountdown(CAPTURE_COUNTDOWN)}>
          {coolingDown ? t('facial.wait') : t('facial.capture')}
        </button>
      </div>
      <p role="status" className="hint">
        {t('facial.captured', { count: captures.length, max: MAX_CAPTURES })}
      </p>
      {captures.length > 0 && (
        <ul className="facial-captures">
          {captures.map((capture, n) => (
            <li key={capture.url}>
              <img src={capture.url} alt={t('facial.captureAlt', { n: n + 1 })} />
              <button type="button" className="facial-remove" aria-label={t('facial.remove', { n: n + 1 })} onClick={() => onRemove(capture)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
