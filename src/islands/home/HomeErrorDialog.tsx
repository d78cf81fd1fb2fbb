import { useOrganization, useStore, useTranslate } from '../shared/page-stores.ts';
import type { MessageKey } from '../../i18n/index.ts';
import { $emptyCard, $homeModal, closeHomeModal } from '../../stores/home.ts';
import Modal from '../shared/Modal.tsx';
import ArrivalNoticeForm from './ArrivalNoticeForm.tsx';

/** Where focus goes back when the element that opened the modal is gone: the form's first field. */
const formField = () => document.querySelector<HTMLElement>('.home-forms :is(input, button)');

/** The error modals of section 8; each closes by its button, Escape or the backdrop. Loaded by HomeErrorModal. */
export default function HomeErrorDialog() {
  const t = useTranslate();
  const organization = useOrganization();
  const modal = useStore($homeModal);
  const emptyCard = useStore($emptyCard);

  let title: MessageKey = 'errors.generic';
  let lines: MessageKey[] = [];
  switch (modal?.kind) {
    case 'emptyMedia':
      title = 'errors.noPhotosTitle';
      lines = [organization.hasOnlineSale ? 'errors.emptyOnlineSale' : 'errors.emptyNoOnlineSale'];
      break;
    case 'accessCode':
      title = 'errors.accessCodeTitle';
      lines = organization.twoFactor ? ['errors.accessCodeText', 'errors.twoFactor'] : ['errors.accessCodeText'];
      break;
    case 'credentialEmpty':
      title = 'credential.emptyTitle';
      lines = ['credential.emptyText'];
      break;
    case 'credentialNotFound':
      title = 'credential.notFoundTitle';
      lines = ['credential.notFoundText'];
      break;
    default:
      lines = [modal?.code === 'NETWORK_ERROR' ? 'errors.network' : 'errors.genericText'];
  }

  const close = () => {
    closeHomeModal();
    // After <dialog> has given focus back to its opener: if that is gone or disabled, the form.
    setTimeout(() => {
      const active = document.activeElement;
      if (!active || active === document.body || !(active as HTMLElement).closest('.home')) formField()?.focus();
    }, 0);
  };

  return (
    <Modal open={modal !== null} title={t(title)} onClose={close}>
      {lines.map((line) => (
        <p key={line}>{t(line)}</p>
      ))}
      <div className="modal-actions">
        {/* The modal's one action takes the focus the dialog gives its first control anyway. */}
        {/* eslint-disable-next-line jsx-a11y/no-autofocus */}
        <button type="button" onClick={close} autoFocus>
          {t('home.close')}
        </button>
      </div>
      {/* After the actions: Close stays the control the dialog focuses first. */}
      {modal?.kind === 'emptyMedia' && modal.code === 'CARD_EMPTY_MEDIA' && emptyCard && <ArrivalNoticeForm target={emptyCard} />}
    </Modal>
  );
}
