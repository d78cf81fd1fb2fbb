import { useEffect, useRef, useState, type CSSProperties, type PointerEvent as ReactPointerEvent, type SyntheticEvent } from 'react';
import { useOrganization, useStore, useTranslate } from '../shared/page-stores.ts';
import type { Media } from '../../lib/api/types.ts';
import { allMedia, isDownloadable, mediaTotal, neighbours } from '../../lib/gallery.ts';
import { GRID, ownRatio } from '../../lib/grid-layout.ts';
import { loadMoreGallery } from '../../stores/gallery.ts';
import { $media } from '../../stores/media.ts';
import { $deletion, $share, $viewerMedia, closeViewer, deleteMedia, shareMedia, stepViewer } from '../../stores/viewer.ts';
import FallbackImage from '../shared/FallbackImage.tsx';
import Modal from '../shared/Modal.tsx';
import CartToggle from './CartToggle.tsx';
import Icon from './icons.tsx';

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

interface Zoom {
  scale: number;
  x: number;
  y: number;
}
const UNZOOMED: Zoom = { scale: 1, x: 0, y: 0 };
const MAX_ZOOM = 4;
const TAP_ZOOM = 2.5;
/** How far a finger travels sideways before it is a swipe, and how near two taps fall to be a double tap. */
const SWIPE_PX = 50;
const TAP_PX = 12;
const DOUBLE_TAP_MS = 300;

/**
 * Touch on the photo, with pointer events: a sideways swipe walks the media, two fingers pinch
 * the zoom, a double tap zooms in where it lands (and out again), one finger pans a zoomed photo.
 * The frame has touch-action: none, so the browser leaves these gestures to the page.
 */
function useGestures(mediaId: string) {
  const [zoom, setZoom] = useState<Zoom>(UNZOOMED);
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const gesture = useRef<{ x: number; y: number; at: number; zoom: Zoom; pinch: { distance: number; scale: number } | null; multi: boolean } | null>(null);
  const lastTap = useRef<{ x: number; y: number; at: number } | null>(null);
  useEffect(() => {
    setZoom(UNZOOMED);
    pointers.current.clear();
    gesture.current = null;
    lastTap.current = null;
  }, [mediaId]);

  const distance = () => {
    const [a, b] = [...pointers.current.values()];
    return a && b ? Math.hypot(a.x - b.x, a.y - b.y) : 0;
  };

  const onPointerDown = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (event.pointerType === 'mouse' && event.button !== 0) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    if (pointers.current.size === 1) {
      gesture.current = { x: event.clientX, y: event.clientY, at: event.timeStamp, zoom, pinch: null, multi: false };
    } else if (gesture.current && pointers.current.size === 2) {
      gesture.current = { ...gesture.current, multi: true, pinch: { distance: distance(), scale: zoom.scale } };
    }
  };

  const onPointerMove = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.has(event.pointerId)) return;
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const start = gesture.current;
    if (!start) return;
    if (start.pinch && pointers.current.size === 2 && start.pinch.distance > 0) {
      const scale = Math.min(MAX_ZOOM, Math.max(1, (start.pinch.scale * distance()) / start.pinch.distance));
      setZoom(scale === 1 ? UNZOOMED : { ...start.zoom, scale });
    } else if (!start.multi && start.zoom.scale > 1) {
      setZoom({ ...start.zoom, x: start.zoom.x + event.clientX - start.x, y: start.zoom.y + event.clientY - start.y });
    }
  };

  const onPointerUp = (event: ReactPointerEvent<HTMLDivElement>) => {
    if (!pointers.current.delete(event.pointerId)) return;
    const start = gesture.current;
    if (!start || pointers.current.size > 0) return;
    gesture.current = null;
    if (start.multi) return;
    const dx = event.clientX - start.x;
    const dy = event.clientY - start.y;
    if (start.zoom.scale === 1 && Math.abs(dx) > SWIPE_PX && Math.abs(dx) > Math.abs(dy) * 1.5) {
      stepViewer(dx < 0 ? 1 : -1);
      return;
    }
    if (Math.abs(dx) > TAP_PX || Math.abs(dy) > TAP_PX) return;
    const tap = { x: event.clientX, y: event.clientY, at: event.timeStamp };
    const before = lastTap.current;
    if (before && tap.at - before.at < DOUBLE_TAP_MS && Math.hypot(tap.x - before.x, tap.y - before.y) < TAP_PX * 3) {
      lastTap.current = null;
      if (zoom.scale > 1) {
        setZoom(UNZOOMED);
      } else {
        // Zoom around the tapped point: it stays under the finger.
        const box = event.currentTarget.getBoundingClientRect();
        const fromCentre = { x: tap.x - (box.left + box.width / 2), y: tap.y - (box.top + box.height / 2) };
        setZoom({ scale: TAP_ZOOM, x: fromCentre.x * (1 - TAP_ZOOM), y: fromCentre.y * (1 - TAP_ZOOM) });
      }
    } else {
      lastTap.current = tap;
    }
  };

  const onPointerCancel = (event: ReactPointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size === 0) gesture.current = null;
  };

  return { zoom, handlers: { onPointerDown, onPointerMove, onPointerUp, onPointerCancel, onPointerLeave: onPointerCancel } };
}

/**
 * The photo's ratio for the stage (gallery.css sizes it whole from --ratio): the media's own from
 * the API, else the loaded image's, else 3:2 until it loads.
 */
function useStageRatio(media: Media) {
  const [loaded, setLoaded] = useState<{ id: string; ratio: number } | null>(null);
  const own = ownRatio(media);
  const ratio = own ?? (loaded?.id === media.id ? loaded.ratio : GRID.fallbackRatio);
  const onLoad = (event: SyntheticEvent<HTMLImageElement>) => {
    const { naturalWidth, naturalHeight } = event.currentTarget;
    if (own === null && naturalHeight > 0) setLoaded({ id: media.id, ratio: naturalWidth / naturalHeight });
  };
  return { ratio, onLoad };
}

function Stage({ media, downloadable, alt, previous, next }: { media: Media; downloadable: boolean; alt: string; previous: boolean; next: boolean }) {
  const t = useTranslate();
  const { zoom, handlers } = useGestures(media.id);
  const { ratio, onLoad } = useStageRatio(media);
  const zoomed = zoom.scale > 1;
  // A bought video plays its original, an unsold one its watermarked preview clip (both streamed
  // by byte ranges); an unsold video without a clip (imported before clips) shows its poster.
  const videoUrl = media.type !== 'video' ? undefined : downloadable ? media.originalUrl : media.clipUrl;
  const style: CSSProperties & Record<'--ratio', number> = { '--ratio': ratio };
  if (zoomed) style.transform = `translate(${zoom.x}px, ${zoom.y}px) scale(${zoom.scale})`;
  return (
    <div className="viewer-stage">
      {videoUrl ? (
        // An event's videos come from the camera, with no caption track to offer.
        // eslint-disable-next-line jsx-a11y/media-has-caption
        <video key={media.id} src={videoUrl} poster={media.previewUrl} controls preload="metadata" aria-label={alt} />
      ) : (
        <div className={zoomed ? 'viewer-frame zoomed' : 'viewer-frame'} data-zoom={zoom.scale.toFixed(2)} {...handlers}>
          <FallbackImage
            key={media.id}
            sources={[media.previewUrl]}
            modern={media.imageSources?.map((source) => ({ type: source.type, srcset: source.previewSrcset }))}
            // At most the screen's width, or its height at the photo's ratio (gallery.css sizes it within the stage).
            sizes={`min(100vw, ${(ratio * 100).toFixed(1)}vh)`}
            alt={alt}
            decoding="async"
            draggable={false}
            onLoad={onLoad}
            style={style}
          />
        </div>
      )}
      <button type="button" className="viewer-step viewer-previous" aria-label={t('viewer.previous')} aria-disabled={!previous} onClick={() => stepViewer(-1)}>
        <Icon name="previous" size={24} />
      </button>
      <button type="button" className="viewer-step viewer-next" aria-label={t('viewer.next')} aria-disabled={!next} onClick={() => stepViewer(1)}>
        <Icon name="next" size={24} />
      </button>
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

  // A small outlined button at the row's end: deleting is never the viewer's main action.
  if (!confirming) {
    return (
      <button type="button" className="secondary small viewer-delete" onClick={() => setConfirming(true)}>
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

/**
 * The media viewer: a full-screen lightbox (the photo is the page, on a phone edge to edge), with
 * previous/next on its sides, arrow keys, swipe and zoom, whether it is bought or in the cart, and
 * download, share and delete. The keyboard hint shows only where there is a fine pointer (CSS).
 */
export default function MediaViewer() {
  const organization = useOrganization();
  const t = useTranslate();
  const id = useStore($viewerMedia);
  const media = useStore($media);
  const share = useStore($share);
  const list = media.data ? allMedia(media.data) : [];
  const around = neighbours(list, id);
  const current = around.index >= 0 ? list[around.index] : undefined;
  useArrowKeys(current !== undefined);
  // Walking near the end of the pages loaded asks for the next one, as scrolling does.
  const nearEnd = around.index >= 0 && around.index >= list.length - 3;
  useEffect(() => {
    if (nearEnd) loadMoreGallery();
  }, [nearEnd]);

  const total = media.data ? mediaTotal(media.data) : 0;
  const n = around.index + 1;
  const title = current?.type === 'video' ? t('viewer.videoTitle', { n, total }) : t('viewer.photoTitle', { n, total });
  const downloadable = current ? isDownloadable(current, organization) : false;

  return (
    <Modal open={current !== undefined} title={current ? title : ''} onClose={closeViewer} className="viewer">
      {current && (
        <>
          <button type="button" className="secondary icon-button viewer-close" onClick={closeViewer} aria-label={t('viewer.close')}>
            <Icon name="close" />
          </button>
          <Stage media={current} downloadable={downloadable} alt={title} previous={around.previous !== null} next={around.next !== null} />
          <div className="viewer-bar">
            <p className="viewer-state">
              {current.sold && !organization.freePhotos ? (
                <span className="viewer-bought">
                  <Icon name="check" size={18} />
                  {t('viewer.bought')}
                </span>
              ) : (
                !downloadable && <span className="viewer-watermarked">{t('viewer.watermarked')}</span>
              )}
              <span className="viewer-keys">{t('viewer.keys')}</span>
              <span className="viewer-swipe">{t('viewer.swipe')}</span>
            </p>
            <div className="viewer-actions">
              {!current.sold && <CartToggle media={current} name={title} />}
              {downloadable && (
                <a className="button" href={current.originalUrl} download={current.filename}>
                  <Icon name="download" />
                  {t('viewer.download')}
                </a>
              )}
              <button
                type="button"
                className="secondary"
                disabled={share.status === 'working'}
                onClick={() => void shareMedia(current, downloadable, t('viewer.shareText', { name: organization.name }))}
              >
                <Icon name="share" />
                {t('viewer.share')}
              </button>
              {organization.canRemovePhoto && <DeleteControls organizationId={organization.id} media={current} />}
            </div>
            <ShareStatus name={organization.name} />
          </div>
        </>
      )}
    </Modal>
  );
}
