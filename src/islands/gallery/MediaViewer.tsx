import { useStore } from '@nanostores/react';
import { useEffect, useRef, useState } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import type { Media } from '../../lib/api/types.ts';
import { allMedia, isDownloadable, neighbours } from '../../lib/gallery.ts';
import { $media } from '../../stores/media.ts';
import { $deletion, $share, $viewerMedia, closeViewer, deleteMedia, shareMedia, stepViewer } from '../../stores/viewer.ts';
import type { Organization } from '../../tenant/organization.ts';
import FallbackImage from '../shared/FallbackImage.tsx';
import Modal from '../shared/Modal.tsx';
import CartToggle from './CartToggle.tsx';

interface Props {
  organization: Pick<Organization, 'id' | 'name' | 'freePhotos' | 'canRemovePhoto'>;
}

/** ← and → walk the media while the viewer is open (not while a video or a field has the keys). */
function useArrowKeys(active: boolean) {
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, video')) return;
      if (event.key === 'ArrowLeft') stepViewer(-1);
      else if (event.key === 'ArrowRight') stepViewer(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
}

function Stage({ media, downloadable, alt }: { media: Media; downloadable: boolean; alt: string }) {
  return (
    <div className="viewer-stage">
      {media.type === 'video' && downloadable ? (
        // Streams from the video download address (the API answers byte ranges).
        <video key={media.id} src={media.originalUrl} poster={media.previewUrl} controls preload="metadata" aria-label={alt} />
      ) : (
        <FallbackImage key={media.id} sources={[media.previewUrl]} alt={alt} decoding="async" />
      )}
    </div>
  );
}

function ShareStatus({ name }: { name: string }) {
  const t = useTranslate();
  const share = useStore($share);
  if (share.status === 'copied') return <p role="status">{t('viewer.copied', { name })}</p>;
  if (share.status !== 'manual' || !share.link) return null;
  return (
    <p role="status" className="viewer-link">
      <label>
        {t('viewer.copyManual', { name })}
        <input readOnly value={share.link} aria-label={t('viewer.linkLabel')} onFocus={(e) => e.currentTarget.select()} />
      </label>
    </p>
  );
}

function DeleteControls({ organizationId, media }: { organizationId: number; media: Media }) {
  const t = useTranslate();
  const deletion = useStore($deletion);
  const [confirming, setConfirming] = useState(false);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => setConfirming(false), [media.id]);
  useEffect(() => {
    if (confirming) cancel.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <button type="button" className="danger" onClick={() => setConfirming(true)}>
        {t('viewer.delete')}
      </button>
    );
  }
  return (
    <div className="viewer-confirm" role="group" aria-label={t('viewer.delete')}>
      <p>{t('viewer.confirmDelete')}</p>
      {deletion.error && <p role="alert">{t('viewer.deleteFailed')}</p>}
      <div className="modal-actions">
        <button type="button" className="danger" disabled={deletion.loading} onClick={() => void deleteMedia(organizationId, media.id)}>
          {t('viewer.confirmYes')}
        </button>
        <button type="button" className="secondary" ref={cancel} onClick={() => setConfirming(false)}>
          {t('viewer.cancel')}
        </button>
      </div>
    </div>
  );
}

/** The media viewer: preview or video, previous/next (buttons and arrow keys), download, share, delete. */
export default function MediaViewer({ organization }: Props) {
  const t = useTranslate();
  const id = useStore($viewerMedia);
  const media = useStore($media);
  const share = useStore($share);
  const list = media.data ? allMedia(media.data) : [];
  const around = neighbours(list, id);
  const current = around.index >= 0 ? list[around.index] : undefined;
  useArrowKeys(current !== undefined);

  const total = list.length;
  const n = around.index + 1;
  const title = current?.type === 'video' ? t('viewer.videoTitle', { n, total }) : t('viewer.photoTitle', { n, total });
  const downloadable = current ? isDownloadable(current, organization) : false;

  return (
    <Modal open={current !== undefined} title={current ? title : ''} onClose={closeViewer} className="modal-wide viewer">
      {current && (
        <>
          <Stage media={current} downloadable={downloadable} alt={title} />
          {!downloadable && <p className="hint">{t('viewer.watermarked')}</p>}
          <div className="viewer-nav">
            <button
              type="button"
              className="secondary"
              aria-disabled={!around.previous}
              onClick={() => stepViewer(-1)}
            >
              ← {t('viewer.previous')}
            </button>
            <span className="hint">{t('viewer.keys')}</span>
            <button type="button" className="secondary" aria-disabled={!around.next} onClick={() => stepViewer(1)}>
              {t('viewer.next')} →
            </button>
          </div>
          <div className="modal-actions">
            {downloadable && (
              <a className="button" href={current.originalUrl} download={current.filename}>
                {t('viewer.download')}
              </a>
            )}
            {!current.sold && <CartToggle media={current} name={title} />}
            <button
              type="button"
              disabled={share.status === 'working'}
              onClick={() =>
                void shareMedia(current, downloadable, t('viewer.shareText', { name: organization.name }))
              }
            >
              {t('viewer.share')}
            </button>
            {organization.canRemovePhoto && <DeleteControls organizationId={organization.id} media={current} />}
            <button type="button" className="secondary" onClick={closeViewer}>
              {t('viewer.close')}
            </button>
          </div>
          <ShareStatus name={organization.name} />
        </>
      )}
    </Modal>
  );
}
