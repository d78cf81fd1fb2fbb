import { memo, useDeferredValue, useEffect, useMemo, useRef } from 'react';
import { formatCardCode } from '@gallery/contract/card-code';
import type { MediaLists } from '../../lib/api/types.ts';
import { canBuy, gallerySections, headLines, ownedMedia, sectionLabel, type GalleryView } from '../../lib/gallery.ts';
import { earlyText } from '../../lib/gallery-early.ts';
import { galleryAddress } from '../../lib/routes.ts';
import {
  $galleryAddress,
  galleryBackHref,
  loadMoreGallery,
  openGallery,
  openSendPhotos,
  reloadGallery,
  setGalleryBuying,
  shownGallery,
} from '../../stores/gallery.ts';
import { $leftOutCards } from '../../stores/cards.ts';
import { $media } from '../../stores/media.ts';
import { openViewer } from '../../stores/viewer.ts';
import type { Organization } from '../../tenant/organization.ts';
import { useOrganization, useOrganizationFailed, useShownIsland, useStore, useTranslate } from '../shared/page-stores.ts';
import GalleryIntro from './GalleryIntro.tsx';
import Icon from './icons.tsx';
import MediaGrid from './MediaGrid.tsx';
import ZipDownload from './ZipDownload.tsx';
import './gallery.css';

/**
 * The list view's head while the lists are on their way: its lines at their heights (the note and
 * the first list's heading kept but not shown), so the grid's first rows the page's script paints
 * under it (gallery-early-script.ts) sit where the grid then shows them: the photos do not move
 * when the lists replace them. The script, which has the answer, shows the lines the list view
 * will (headLines).
 */
const Loading = memo(function Loading({ organization }: { organization: Organization }) {
  const t = useTranslate();
  // Until the answer: the lines of a card with nothing bought and no extras, the most common.
  const guess = headLines({ soldPhotos: 0, soldVideos: 0, extras: 0 }, organization.freePhotos);
  return (
    <div role="status">
      <GalleryIntro loading freePhotos={organization.freePhotos} extras={false} tools={<ListTools owns={false} reloading />} />
      {/* Kept (not seen) or dropped as the page's script finds the answer's lines (gallery.css). */}
      <p className="gallery-extras-notice gallery-placeholder gallery-loading-extras" hidden={!guess.extrasNotice} {...earlyText('gallery.extrasNotice')}>
        {t('gallery.extrasNotice')}
      </p>
      <p className="gallery-note gallery-placeholder gallery-loading-note" hidden={!guess.noneSold} {...earlyText('gallery.noneSold')}>
        {t('gallery.noneSold')}
      </p>
      <div className="media-section">
        <h2 className="gallery-placeholder" {...earlyText('gallery.loading')}>
          {t('gallery.loading')}
        </h2>
      </div>
    </div>
  );
});

/** The empty and error views: a heading that says what is happening, and what can help. */
const GalleryState = memo(function GalleryState({
  view,
  backHref,
  reloading,
}: {
  view: Exclude<GalleryView, { kind: 'list' | 'loading' }>;
  backHref: string;
  reloading: boolean;
}) {
  const t = useTranslate();
  if (view.kind === 'noCard') {
    return (
      <div className="gallery-state" role="status">
        <h1>{t('gallery.noCard')}</h1>
      </div>
    );
  }
  const { title, text, action } = view.problem;
  return (
    <div className="gallery-state">
      <div role="alert">
        <h1>{t(title)}</h1>
        {text && <p>{t(text)}</p>}
      </div>
      {action === 'reload' ? (
        <button type="button" onClick={reloadGallery} disabled={reloading}>
          {t('gallery.reload')}
        </button>
      ) : (
        <a className="button" href={backHref}>
          {t('gallery.toHome')}
        </a>
      )}
    </div>
  );
});

/** The list view: the title with the ZIP and reload, then each list of media under its count. */
const Lists = memo(function Lists({ organization, lists, reloading }: { organization: Organization; lists: MediaLists; reloading: boolean }) {
  const t = useTranslate();
  // The same lists keep the same arrays: each grid lays its media out again only when they change.
  const sections = useMemo(() => gallerySections(lists, organization), [lists, organization]);
  const loaded = sections.reduce((sum, section) => sum + section.items.length, 0);
  const lines = headLines(lists.counts, organization.freePhotos);
  const leftOut = useStore($leftOutCards);
  return (
    <>
      <GalleryIntro
        freePhotos={organization.freePhotos}
        extras={lines.extrasNotice}
        tools={<ListTools owns={ownedMedia(lists, organization).length > 0} reloading={reloading} />}
      />
      {leftOut.length > 0 && (
        <p className="gallery-note" role="status">
          {t('gallery.cardsLeftOut', { count: leftOut.length, codes: leftOut.map(formatCardCode).join(', ') })}
        </p>
      )}
      {lines.noneSold && <p className="gallery-note">{t('gallery.noneSold')}</p>}
      {sections.map((section) => (
        <MediaGrid key={section.role} items={section.items} total={section.total} label={sectionLabel(t, section)} onOpen={openViewer} />
      ))}
      {/* A new mark for every page, so one still in reach asks for the next page at once. */}
      {lists.next && <MorePages key={loaded} />}
    </>
  );
});

/** The ZIP and reload, at the end of the title's row. */
function ListTools({ owns, reloading }: { owns: boolean; reloading: boolean }) {
  const t = useTranslate();
  return (
    <>
      <ZipDownload owns={owns} />
      <button type="button" className="secondary icon-button" onClick={reloadGallery} disabled={reloading} aria-label={t('gallery.reload')}>
        <Icon name="reload" />
      </button>
    </>
  );
}

/** Past the media loaded so far: coming within two screens of it asks for the next page. */
function MorePages() {
  const mark = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = mark.current;
    if (!element) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && loadMoreGallery(), {
      rootMargin: '200% 0px',
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return <div ref={mark} className="media-more" aria-hidden="true" />;
}

/** The gallery of the card in the address (section 2): it reads the address and starts the gallery's loading. */
export default function GalleryLists() {
  useShownIsland();
  return useOrganizationFailed() ? null : <Gallery />;
}

function Gallery() {
  const organization = useOrganization();
  // The lists render in the background, React yielding to the browser every few milliseconds:
  // a store's update renders at once and whole (useSyncExternalStore), which held a phone's main
  // thread for the grid's whole first render. Until the new lists are rendered, the view before
  // them stays on screen.
  const media = useDeferredValue(useStore($media));
  const address = useDeferredValue(useStore($galleryAddress));

  // The loading sequence lives in the gallery store; leaving the page (or the island) ends it.
  const buy = canBuy(organization);
  useEffect(() => {
    const found = galleryAddress(window.location);
    if (found.send && organization.canSendPhoto) openSendPhotos();
    return openGallery(organization.id, found, buy);
    // Flags of the live organization must not restart the gallery: they are passed on below.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new organization restarts it
  }, [organization.id]);
  useEffect(() => setGalleryBuying(buy), [buy]);

  const view = useMemo(() => shownGallery(address, media, organization.canSendPhoto), [address, media, organization.canSendPhoto]);
  if (view.kind === 'list') return <Lists organization={organization} lists={view.lists} reloading={media.loading} />;
  if (view.kind === 'loading') return <Loading organization={organization} />;
  return <GalleryState view={view} backHref={galleryBackHref(address)} reloading={media.loading} />;
}
