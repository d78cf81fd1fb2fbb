import { useStore } from '@nanostores/react';
import { useId, useState, type SubmitEvent } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { isValidCardCode, maskCardCodeInput, normalizeCardCode } from '../../lib/card-code.ts';
import { homeErrorMessage } from '../../lib/error-messages.ts';
import { galleryPath } from '../../lib/routes.ts';
import { $card, loadCard } from '../../stores/card.ts';
import { $media, loadMedias } from '../../stores/media.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import type { Organization } from '../../tenant/organization.ts';

interface Props {
  organization: Pick<Organization, 'id'>;
  /** Told the formatted code on every change (the footer's help mail carries it). */
  onCodeChange?: (code: string) => void;
}

/** The card-code form: a valid code with media opens the gallery. */
export default function CardForm({ organization, onCodeChange }: Props) {
  const t = useTranslate();
  const inputId = useId();
  const errorId = useId();
  const card = useStore($card);
  const media = useStore($media);
  const [value, setValue] = useState('');
  const [invalid, setInvalid] = useState(false);
  const [opening, setOpening] = useState(false);
  const hydrated = useHydrated();
  const busy = card.loading || media.loading || opening;

  async function submit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    if (!isValidCardCode(value)) {
      setInvalid(true);
      return;
    }
    setInvalid(false);
    const code = normalizeCardCode(value);
    const found = await loadCard(organization.id, code);
    if (!found) return;
    setOpening(true);
    const media = await loadMedias(organization.id, [code]);
    if (media && media.sold.length + media.notSold.length > 0) {
      const credential = new URLSearchParams(window.location.search).get('credential');
      window.location.assign(galleryPath(code, credential));
    } else {
      setOpening(false);
    }
  }

  const apiError = card.error ?? media.error;
  const errorKey = invalid ? 'errors.invalidCard' : apiError ? homeErrorMessage(apiError) : null;

  return (
    <section className="home">
      <h1>{t('home.title')}</h1>
      <form className="card-form" onSubmit={submit} noValidate aria-busy={busy} data-hydrated={hydrated || undefined}>
        <fieldset disabled={!hydrated}>
          <label htmlFor={inputId}>{t('home.cardLabel')}</label>
          <input
            id={inputId}
            name="card"
            value={value}
            onChange={(event) => {
              const masked = maskCardCodeInput(event.target.value);
              setValue(masked);
              onCodeChange?.(masked);
              setInvalid(false);
            }}
            placeholder="00-0000-000"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            inputMode="text"
            maxLength={11}
            aria-invalid={errorKey !== null}
            aria-describedby={errorKey ? errorId : undefined}
          />
          <button type="submit" disabled={busy}>
            {busy ? t('home.loading') : t('home.loadCard')}
          </button>
        </fieldset>
        {errorKey && (
          <p id={errorId} className="form-error" role="alert">
            {t(errorKey)}
          </p>
        )}
      </form>
      <p className="hint">{t('home.availability')}</p>
    </section>
  );
}
