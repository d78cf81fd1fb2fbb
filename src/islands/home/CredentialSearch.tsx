import { useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslate } from '../shared/page-stores.ts';
import { openCredential } from '../../stores/credential.ts';
import { useHydrated } from '../shared/use-hydrated.ts';

interface Props {
  organizationId: number;
  /** Called before an error modal opens (the scanner closes itself then). */
  onFailed?: () => void;
}

/** Type a credential number and search: found cards open the gallery with ?credential=. */
export default function CredentialSearch({ organizationId, onFailed }: Props) {
  const t = useTranslate();
  const inputId = useId();
  const errorId = useId();
  const hydrated = useHydrated();
  const [value, setValue] = useState('');
  const [empty, setEmpty] = useState(false);
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (pending.current) return;
    if (!value.trim()) {
      setEmpty(true);
      return;
    }
    pending.current = true;
    setBusy(true);
    const outcome = await openCredential(organizationId, value);
    if (outcome.kind === 'gallery') {
      window.location.assign(outcome.path);
      return;
    }
    pending.current = false;
    setBusy(false);
    onFailed?.();
  }

  return (
    <form className="card-form credential-form" onSubmit={submit} noValidate aria-busy={busy} data-hydrated={hydrated || undefined}>
      <fieldset disabled={!hydrated}>
        <label htmlFor={inputId}>{t('credential.label')}</label>
        <input
          id={inputId}
          name="credential"
          value={value}
          onChange={(event) => {
            setValue(event.target.value);
            setEmpty(false);
          }}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          aria-invalid={empty}
          aria-describedby={empty ? errorId : undefined}
        />
        <button type="submit" aria-disabled={busy || undefined}>
          {busy ? t('home.loading') : t('credential.search')}
        </button>
      </fieldset>
      {empty && (
        <p id={errorId} className="form-error" role="alert">
          {t('credential.required')}
        </p>
      )}
    </form>
  );
}
