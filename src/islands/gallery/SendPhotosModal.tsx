import { useId } from 'react';
import { useOrganization, useStore, useTranslate } from '../shared/page-stores.ts';
import { $sendPhotosOpen, closeSendPhotos } from '../../stores/gallery.ts';
import type { UploadedCard } from '../../lib/api/types.ts';
import { formatCardCode } from '@gallery/contract/card-code';
import { MAX_UPLOAD_FILES, UPLOAD_TYPES } from '../../lib/upload-rules.ts';
import { galleryPath } from '../../lib/routes.ts';
import {
  $pickedPhotos,
  $refusedFiles,
  $upload,
  $uploadProgress,
  $uploadTarget,
  addMorePhotos,
  pickFiles,
  removePicked,
  resetUpload,
  sendPhotos,
} from '../../stores/upload.ts';
import type { Organization } from '../../tenant/organization.ts';
import Modal from '../shared/Modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  organization: Pick<Organization, 'id' | 'mustEditPhoto'>;
}

function Success({ card }: { card: UploadedCard }) {
  const t = useTranslate();
  return (
    <>
      <p role="status">{t('send.success')}</p>
      <p className="send-code">{t('send.code', { code: formatCardCode(card.code) })}</p>
      {card.secret && (
        <>
          <p className="send-code">{t('send.accessCode', { secret: card.secret })}</p>
          <p className="hint">{t('send.keepCodes')}</p>
        </>
      )}
      <div className="modal-actions">
        <button type="button" className="secondary" onClick={addMorePhotos}>
          {t('send.addMore')}
        </button>
        <a className="button" href={galleryPath(card.code)}>
          {t('send.viewPhotos')}
        </a>
      </div>
    </>
  );
}

function Picked() {
  const t = useTranslate();
  const picked = useStore($pickedPhotos);
  const upload = useStore($upload);
  if (!picked.length) return null;
  return (
    <>
      <p>{t('send.chosen', { count: picked.length })}</p>
      <ul className="send-thumbs">
        {picked.map((photo) => (
          <li key={photo.id}>
            <img src={photo.previewUrl} alt={t('send.thumbAlt', { name: photo.file.name })} />
            <button type="button" className="secondary small" disabled={upload.loading} onClick={() => removePicked(photo.id)}>
              {t('send.remove', { name: photo.file.name })}
            </button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Send photos (can_send_photo): choose png/jpeg photos, send with progress, get a card code. */
/** The send-photos island: opened from the header, or on arrival by the home's "send photos" (?send=1). */
export default function SendPhotosModal() {
  const organization = useOrganization();
  const open = useStore($sendPhotosOpen);
  if (!organization.canSendPhoto) return null;
  return <SendPhotos open={open} onClose={closeSendPhotos} organization={organization} />;
}

function SendPhotos({ open, onClose, organization }: Props) {
  const t = useTranslate();
  const inputId = useId();
  const hintId = useId();
  const picked = useStore($pickedPhotos);
  const refused = useStore($refusedFiles);
  const upload = useStore($upload);
  const progress = useStore($uploadProgress);
  const target = useStore($uploadTarget);
  const send = () => void sendPhotos(organization.id, organization.mustEditPhoto);

  const close = () => {
    if (upload.loading) return;
    resetUpload();
    onClose();
  };

  return (
    <Modal open={open} title={t('send.title')} onClose={close} className="modal-wide">
      {upload.data ? (
        <Success card={upload.data} />
      ) : (
        <>
          {target && <p>{t('send.toCard', { code: formatCardCode(target.code) })}</p>}
          {/*
            The browser's own picker button speaks the browser's language ("Choose Files"): the
            real input stays, visually hidden but focusable (Enter or Space opens the picker), and
            its label is the button the visitor sees, in the page's language.
          */}
          <div className="send-choose">
            <input
              id={inputId}
              className="visually-hidden file-input"
              type="file"
              accept={UPLOAD_TYPES.join(',')}
              multiple
              disabled={upload.loading}
              aria-describedby={hintId}
              onChange={(event) => {
                const files = [...(event.target.files ?? [])];
                event.target.value = '';
                void pickFiles(files);
              }}
            />
            <label htmlFor={inputId} className="button secondary file-button">
              {t('send.choose')}
            </label>
            <p className="hint" id={hintId}>
              {t('send.types', { max: MAX_UPLOAD_FILES })}
            </p>
          </div>
          {(refused.names.length > 0 || refused.tooMany) && (
            <div role="alert" className="form-error">
              {refused.names.length > 0 && <p>{t('send.refused', { names: refused.names.join(', ') })}</p>}
              {refused.tooMany && <p>{t('send.tooMany', { count: MAX_UPLOAD_FILES })}</p>}
            </div>
          )}
          <Picked />
          {upload.loading && (
            <p role="status" className="send-progress">
              <progress max={1} value={progress} aria-label={t('send.progress')} /> {t('send.sending', { percent: Math.round(progress * 100) })}
            </p>
          )}
          {upload.error && (
            <p role="alert" className="form-error">
              {t('send.error')}{' '}
              <button type="button" className="secondary" onClick={send}>
                {t('send.retry')}
              </button>
            </p>
          )}
          <div className="modal-actions">
            <button type="button" className="secondary" onClick={close} disabled={upload.loading}>
              {t('viewer.close')}
            </button>
            <button type="button" onClick={send} disabled={upload.loading || picked.length === 0}>
              {t('send.send')}
            </button>
          </div>
        </>
      )}
    </Modal>
  );
}
