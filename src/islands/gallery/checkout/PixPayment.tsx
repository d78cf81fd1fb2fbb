import { useMemo, useState } from 'react';
import { useStore, useTranslate } from '../../shared/page-stores.ts';
import { $payment, $checkCountdown, checkPixPayment, generatePix, isPendingPix, pixQrCodeUrl } from '../../../stores/checkout.ts';

/** PIX (section 2): generate the code, show it as QR code and copy-and-paste text, check until paid. */
export default function PixPayment() {
  const t = useTranslate();
  const payment = useStore($payment);
  const [copied, setCopied] = useState(false);
  const pix = payment.data?.method === 'pix' ? payment.data : null;
  const pending = isPendingPix(pix);
  // A new PIX code (a superseded charge) is a new QR image: its text is what makes the address new.
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the text is the reason to ask again
  const qrCode = useMemo(() => (pending ? pixQrCodeUrl() : null), [pending, pix?.pixText]);
  const left = useStore($checkCountdown);

  if (!pending || !pix?.pixText) {
    return (
      <div className="pix-payment">
        {pix && <p role="status">{t('pix.expired')}</p>}
        <button type="button" disabled={payment.loading} onClick={() => void generatePix()}>
          {payment.loading ? t('pix.generating') : t('pix.generate')}
        </button>
      </div>
    );
  }
  const copy = async () => {
    await navigator.clipboard?.writeText(pix.pixText ?? '').then(
      () => setCopied(true),
      () => setCopied(false),
    );
  };
  return (
    <div className="pix-payment">
      <p className="pix-warning" role="note">
        {t('pix.warning')}
      </p>
      {/* The code and its actions sit beside the QR code where there is room (a laptop), so
          checking the payment needs no scrolling; below it on a phone. */}
      <div className="pix-code">
        {qrCode && <img className="pix-qrcode" src={qrCode} alt={t('pix.qrAlt')} width={280} height={280} />}
        <div className="pix-side">
          <label className="field">
            {t('pix.copyPaste')}
            <input readOnly value={pix.pixText} onFocus={(event) => event.currentTarget.select()} />
          </label>
          <div className="modal-actions pix-actions">
            {/* Copying the code is what a phone payer does: the primary action. */}
            <button type="button" className="pix-copy" onClick={() => void copy()}>
              {t('pix.copy')}
            </button>
            <button type="button" className="secondary" disabled={payment.loading} onClick={() => void checkPixPayment()}>
              {payment.loading ? t('pix.checking') : t('pix.check')}
            </button>
          </div>
          <p role="status" className="hint">
            {copied ? t('pix.copied') : payment.loading ? t('pix.checking') : t('pix.nextCheck', { seconds: left })}
          </p>
        </div>
      </div>
    </div>
  );
}
