import { useEffect, useMemo } from 'react';
import type { MediaLists } from '../../lib/api/types.ts';
import { canBuy, gallerySections, ownedMedia, sectionLabel, type GalleryView } from '../../lib/gallery.ts';
import { galleryAddress } from '../../lib/routes.ts';
import {
  $galleryAddress,
  galleryBackHref,
  gallerySecret,
  openGallery,
  openSendPhotos,
  reloadGallery,
  setGalleryBuying,
  shownGallery,
} from '../../stores/gallery.ts';
import { $media } from '../../stores/media.ts';
import { openViewer } from '../../stores/viewer.ts';
import type { Organization } from '../../tenant/organization.ts';
import { useOrganization, useOrganizationFailed, useShownIsland, useStore, useTranslate } from '../shared/page-stores.ts';
import GalleryIntro from './GalleryIntro.tsx';
import Icon from './icons.tsx';
import MediaGrid from './MediaGrid.tsx';
import ZipDownload from './ZipDownload.tsx';
import './gallery.css';

/** The loading, empty and error views: a heading that says what is happening, and what can help. */
function GalleryState({ view, backHref, reloading }: { view: Exclude<GalleryView, { kind: 'list' }>; backHref: string; reloading: boolean }) {
  const t = useTranslate();
  if (view.kind !== 'problem') {
    return (
      <div className="gallery-state" role="status">
        <h1>{t(view.kind === 'loading' ? 'gallery.loading' : 'gallery.noCard')}</h1>
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
}

/** The list view: the title with the ZIP and reload, then each list of media under its count. */
function Lists({ organization, lists, secret, reloading }: { organization: Organization; lists: MediaLists; secret: string | undefined; reloading: boolean }) {
  const t = useTranslate();
  // The same lists keep the same arrays: each grid lays its media out again only when they change.
  const sections = useMemo(() => gallerySections(lists, organization), [lists, organization]);
  const owned = ownedMedia(lists, organization);
  return (
    <>
      <GalleryIntro
        freePhotos={organization.freePhotos}
        extras={lists.extras.length > 0}
        tools={
          <>
            <ZipDownload organizationId={organization.id} mediaIds={owned.map((m) => m.id)} secret={secret} />
            <button type="button" className="secondary icon-button" onClick={reloadGallery} disabled={reloading} aria-label={t('gallery.reload')}>
              <Icon name="reload" />
            </button>
          </>
        }
      />
      {lists.sold.length === 0 && !organization.freePhotos && <p className="gallery-note">{t('gallery.noneSold')}</p>}
      {sections.map((section) => (
        <MediaGrid key={section.role} items={section.items} label={sectionLabel(t, section)} onOpen={openViewer} />
      ))}
    </>
  );
}

/** The gallery of the card in the address (section 2): it reads the address and starts the gallery's loading. */
export default function GalleryLists() {
  useShownIsland();
  return useOrganizationFailed() ? null : <Gallery />;
}

function Gallery() {
  const organization = useOrganization();
  const media = useStore($media);
  const address = useStore($galleryAddress);

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

  const view = shownGallery(address, media, organization.canSendPhoto);
  return view.kind === 'list' ? (
    <Lists organization={organization} lists={view.lists} secret={gallerySecret(address)} reloading={media.loading} />
  ) : (
    <GalleryState view={view} backHref={galleryBackHref(address)} reloading={media.loading} />
  );
}
