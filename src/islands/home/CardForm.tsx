import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { useTranslate } from '../shared/page-stores.ts';
import type { MessageKey } from '../../i18n/index.ts';
import type { ApiErrorCode } from '../../lib/api/types.ts';
import { maskCardCodeInput, normalizeCardCode } from '@gallery/contract/card-code';
import { cardFromQuery, takeAutoSubmit } from '../../lib/card-query.ts';
import { afterReveal } from '../../lib/locale-reveal.ts';
import { setHelpCardCode } from '../../stores/help.ts';
import { openCard, showHomeError } from '../../stores/home.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import type { Organization } from '../../tenant/organization.ts';

interface Props {
  organization: Pick<Organization, 'id' | 'twoFactor'>;
}

/** What stays written beside the form; the other errors open a modal (section 8). */
function inlineError(code: ApiErrorCode): MessageKey | null {
  if (code === 'CARD_NOT_FOUND') return 'errors.invalidCard';
  if (code === 'CARD_EMPTY_MEDIA' || code === 'CARD_EMPTY_PHOTO') return 'errors.emptyMedia';
  return null;
}

function session(): Storage | null {
  try {
    return sessionStorage;
  } catch {
    return null;
  }
}

/** The card-code form (plus the access code under two-factor): a card with media opens the gallery. */
export default function CardForm({ organization }: Props) {
  const t = useTranslate();
  const inputId = useId();
  const secretId = useId();
  const hintId = useId();
  const errorId = useId();
  const secretInput = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [secret, setSecret] = useState('');
  const [error, setError] = useState<MessageKey | null>(null);
  const [busy, setBusy] = useState(false);
  const pending = useRef(false);
  const hydrated = useHydrated();

  async function open(code: string, typedSecret: string) {
    // One request per submit, however often Enter or the button is pressed meanwhile.
    if (pending.current) return;
    pending.current = true;
    setBusy(true);
    setError(null);
    const credential = new URLSearchParams(window.location.search).get('credential');
    const outcome = await openCard(organization, code, typedSecret, credential);
    if (outcome.kind === 'gallery') {
      window.location.assign(outcome.path);
      return;
    }
    pending.current = false;
    setBusy(false);
    if (outcome.kind === 'invalid') setError('errors.invalidCard');
    else {
      setError(inlineError(outcome.code));
      showHomeError(outcome.code, 'card');
    }
  }

  // ?card= fills the field; without two-factor it is submitted once per browser session.
  // (Once hydrated: before that the fields are disabled and cannot take focus.)
  useEffect(() => {
    if (!hydrated) return;
    const code = cardFromQuery(window.location.search);
    if (!code) return;
    setValue(code);
    setHelpCardCode(code);
    if (takeAutoSubmit(session(), normalizeCardCode(code), organization.twoFactor)) void open(code, '');
    else if (organization.twoFactor) afterReveal(() => secretInput.current?.focus());
    // Only on arrival.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [hydrated]);

  function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void open(value, secret);
  }

  return (
    <form className="card-form" onSubmit={submit} noValidate aria-busy={busy} data-hydrated={hydrated || undefined}>
      <fieldset disabled={!hydrated}>
        <label htmlFor={inputId}>{t('home.cardLabel')}</label>
        <input
          id={inputId}
          name="card"
          value={value}
          onChange={(event) => {
            const masked = maskCardCodeInput(event.currentTarget.value);
            setValue(masked);
            // The footer's help mail carries the code typed so far.
            setHelpCardCode(masked);
            setError(null);
          }}
          placeholder="00-0000-000"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          maxLength={11}
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
        {organization.twoFactor && (
          <>
            <label htmlFor={secretId}>{t('home.secretLabel')}</label>
            <input
              id={secretId}
              ref={secretInput}
              name="secret"
              value={secret}
              onChange={(event) => {
                setSecret(event.target.value.toUpperCase());
                setError(null);
              }}
              placeholder="000000"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={64}
              aria-required="true"
              aria-invalid={error === 'errors.invalidCard'}
              aria-describedby={error ? `${hintId} ${errorId}` : hintId}
            />
            <p id={hintId} className="hint">
              {t('home.secretHint')}
            </p>
          </>
        )}
        <button type="submit" aria-disabled={busy || undefined}>
          {busy ? t('home.loading') : t('home.loadCard')}
        </button>
      </fieldset>
      {error && (
        <p id={errorId} className="form-error" role="alert">
          {t(error)}
        </p>
      )}
    </form>
  );
}
