import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../../../i18n/I18nProvider.tsx';
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
  const video = useRef<HTMLVideoElement>(null);
  const [facing, setFacing] = useState<'user' | 'environment'>('user');
  const [mirror, setMirror] = useState(true);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [ready, setReady] = useState(false);
  const [countdown, setCountdown] = useState<number | null>(null);
  const [coolingDown, setCoolingDown] = useState(false);

  useEffect(() => {
    let stream: MediaStream | null = null;
    let cancelled = false;
    setReady(false);
    setProblem(null);
    navigator.mediaDevices
      ?.getUserMedia({ video: { facingMode: facing, width: { ideal: 1280 }, height: { ideal: 720 } }, audio: false })
      .then(async (opened) => {
        stream = opened;
        if (cancelled || !video.current) return;
        video.current.srcObject = opened;
        await video.current.play().catch(() => undefined);
        setReady(true);
      })
      .catch((error: unknown) => !cancelled && setProblem(cameraProblem(error)));
    if (!navigator.mediaDevices) setProblem('missing');
    return () => {
      cancelled = true;
      stream?.getTracks().forEach((track) => track.stop());
    };
  }, [facing]);

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
      const element = video.current;
      if (!element?.videoWidth) return;
      const canvas = document.createElement('canvas');
      canvas.width = element.videoWidth;
      canvas.height = element.videoHeight;
      canvas.getContext('2d')?.drawImage(element, 0, 0);
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

  const full = captures.length >= MAX_CAPTURES;
  return (
    <div className="facial-camera">
      {problem ? (
        <p role="alert" className="form-error">
          {t(PROBLEM_TEXT[problem])}
        </p>
      ) : (
        <div className="facial-video">
          <video ref={video} muted playsInline className={mirror ? 'mirrored' : undefined} aria-label={t('facial.preview')} />
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
        <button type="button" className="secondary" onClick={() => setFacing(facing === 'user' ? 'environment' : 'user')}>
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
              <button type="button" className="secondary small" onClick={() => onRemove(capture)}>
                {t('facial.remove', { n: n + 1 })}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
