import { useTranslate } from '../shared/page-stores.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import CredentialSearch from './CredentialSearch.tsx';

interface Props {
  organizationId: number;
  onScan: () => void;
}

/** The credential form (initial form 'credential'): open the camera, or type the number. */
export default function CredentialPanel({ organizationId, onScan }: Props) {
  const t = useTranslate();
  // The camera button waits disabled until the island has hydrated, like the form below.
  const hydrated = useHydrated();
  return (
    <div className="credential-panel">
      <h2 className="form-legend">{t('credential.title')}</h2>
      <button type="button" onClick={onScan} disabled={!hydrated}>
        {t('credential.openCamera')}
      </button>
      <CredentialSearch organizationId={organizationId} />
    </div>
  );
}
