import { useId, useState, type SubmitEvent } from 'react';
import { useOrganization, useStore, useTranslate } from '../shared/page-stores.ts';
import { $cardsOpen, $galleryAddress, closeCards, gallerySecret } from '../../stores/gallery.ts';
import { formatCardCode, maskCardCodeInput } from '@gallery/contract/card-code';
import { homeErrorMessage } from '../../lib/error-messages.ts';
import { $cardCheck, $galleryCards, addGalleryCard, clearCardCheck, removeGalleryCard } from '../../stores/cards.ts';
import Modal from '../shared/Modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  organizationId: number;
  secret?: string | undefined;
}

/** Add or remove cards: the gallery then shows the media of every card (the multi-card call). */
/** The cards modal island: opened from the header. */
export default function CardsModal() {
  const { id } = useOrganization();
  const open = useStore($cardsOpen);
  const address = useStore($galleryAddress);
  return <Cards open={open} onClose={closeCards} organizationId={id} secret={gallerySecret(address)} />;
}

function Cards({ open, onClose, organizationId, secret }: Props) {
  const t = useTranslate();
  const inputId = useId();
  const errorId = useId();
  const cards = useStore($galleryCards);
  const check = useStore($cardCheck);
  const [typed, setTyped] = useState('');
  const [added, setAdded] = useState(false);
  const [first, ...others] = cards;

  const close = () => {
    setAdded(false);
    setTyped('');
    clearCardCheck();
    onClose();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (await addGalleryCard(organizationId, typed, secret)) {
      setTyped('');
      setAdded(true);
    }
  };

  return (
    <Modal open={open} title={t('cards.title')} onClose={close}>
      {added ? (
        <>
          <p role="status" className="cards-added">
            {t('cards.added', { count: others.length })}
          </p>
          <div className="modal-actions">
            <button type="button" className="secondary" onClick={() => setAdded(false)}>
              {t('cards.addAnother')}
            </button>
            <button type="button" onClick={close}>
              {t('cards.viewGallery')}
            </button>
          </div>
        </>
      ) : (
        <form className="card-form" onSubmit={(event) => void submit(event)} noValidate>
          <label htmlFor={inputId}>{t('cards.label')}</label>
          <input
            id={inputId}
            value={typed}
            placeholder="00-0000-000"
            autoComplete="off"
            aria-invalid={check.error ? true : undefined}
            aria-describedby={check.error ? errorId : undefined}
            onChange={(event) => setTyped(maskCardCodeInput(event.currentTarget.value))}
          />
          {check.error && (
            <p id={errorId} role="alert" className="form-error">
              {t(homeErrorMessage(check.error))}
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="secondary" onClick={close}>
              {t('cards.viewGallery')}
            </button>
            <button type="submit" disabled={check.loading}>
              {check.loading ? t('cards.checking') : t('cards.save')}
            </button>
          </div>
        </form>
      )}
      <h3 className="cards-list-title">{t('cards.list')}</h3>
      <ul className="cards-list">
        {first && <li>{t('cards.main', { code: formatCardCode(first) })}</li>}
        {others.map((code) => (
          <li key={code}>
            {formatCardCode(code)}{' '}
            <button type="button" className="secondary small" onClick={() => removeGalleryCard(code)}>
              {t('cards.remove', { code: formatCardCode(code) })}
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
