import { lazy, Suspense, useState } from 'react';
import { $qrScannerOpen, closeQrScanner } from '../../stores/home.ts';
import { useOrganization, useStore } from '../shared/page-stores.ts';

// The QR scanner (its camera, and html5-qrcode after it) loads the first time a visitor opens it.
const QrScannerModal = lazy(() => import('./QrScannerModal.tsx'));

/** The home's credential QR scanner, opened from the credential form or the other ways. */
export default function HomeQrScanner() {
  const open = useStore($qrScannerOpen);
  const { id } = useOrganization();
  // Mounted from its first opening on: its code loads then.
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <QrScannerModal open={open} onClose={closeQrScanner} organizationId={id} />
    </Suspense>
  );
}
