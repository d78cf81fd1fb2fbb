import { lazy, Suspense, useState } from 'react';
import { $facialOpen, closeFacialModal } from '../../../stores/home.ts';
import { findsByCredential } from '../../../tenant/organization.ts';
import { useOrganization, useStore } from '../../shared/page-stores.ts';

// The camera and the search load the first time a visitor asks for them.
const FacialModal = lazy(() => import('./FacialModal.tsx'));

/** The facial search, opened from the other ways to find photos. */
export default function HomeFacial() {
  const open = useStore($facialOpen);
  const organization = useOrganization();
  const [used, setUsed] = useState(false);
  if (open && !used) setUsed(true);
  if (!used) return null;
  return (
    <Suspense fallback={null}>
      <FacialModal open={open} onClose={closeFacialModal} organizationId={organization.id} credentialMode={findsByCredential(organization)} />
    </Suspense>
  );
}
