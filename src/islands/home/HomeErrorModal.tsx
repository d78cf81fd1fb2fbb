import { lazy, Suspense, useState } from 'react';
import { $homeModal } from '../../stores/home.ts';
import { useStore } from '../shared/page-stores.ts';

// The error modals (and the arrival notice's form in them) load the first time one opens: most
// visits never see one, and the home's arrival budget is tight.
const HomeErrorDialog = lazy(() => import('./HomeErrorDialog.tsx'));

/** The home's error modals (section 8), opened through $homeModal. */
export default function HomeErrorModal() {
  const modal = useStore($homeModal);
  // Mounted from its first opening on: its code loads then.
  const [used, setUsed] = useState(false);
  if (modal !== null && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <HomeErrorDialog />
    </Suspense>
  );
}
