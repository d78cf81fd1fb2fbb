import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import type { Media } from '../../lib/api/types.ts';
import { formatCardCode } from '../../lib/card-code.ts';
import { galleryErrorMessage } from '../../lib/error-messages.ts';
import { cardCodeFromGalleryPath } from '../../lib/routes.ts';
import { clearCard } from '../../stores/card.ts';
import { $media, $mediaCounts, clearMedia, loadMedias } from '../../stores/media.ts';
import type { Organization } from '../../tenant/organization.ts';

interface Props {
  organization: Pick<Organization, 'id'>;
}

function MediaGrid({ items, code, label }: { items: Media[]; code: string; label: string }) {
  const t = useTranslate();
  return (
    <section className="media-section" aria-label={label}>
      <h2>{label}</h2>
      <ul className="media-grid">
        {items.map((item, index) => (
          <li key={item.id} className={item.sold ? 'media sold' : 'media not-sold'}>
            <img
              src={item.thumbUrl}
              alt={t('gallery.photoAlt', { n: index + 1, code: formatCardCode(code) })}
              loading="lazy"
              decoding="async"
              width={480}
              height={320}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The gallery of the card in the address: sold, not-sold and extra media. */
export default function Gallery({ organization }: Props) {
  const t = useTranslate();
  const media = useStore($media);
  const counts = useStore($mediaCounts);
  // The code lives in the address, which only the browser knows: undefined until mounted.
  const [code, setCode] = useState<string | null | undefined>(undefined);

  useEffect(() => {
    const found = cardCodeFromGalleryPath(window.location.pathname);
    setCode(found);
    if (found) void loadMedias(organization.id, [found]);
    return () => {
      // Leaving the gallery clears what it loaded (section 4).
      clearMedia();
      clearCard();
    };
  }, [organization.id]);

  const reload = () => code && void loadMedias(organization.id, [code]);

  let body;
  if (code === undefined || media.loading || (code && !media.data && !media.error)) {
    body = (
      <p className="gallery-status" role="status">
        {t('gallery.loading')}
      </p>
    );
  } else if (code === null) {
    body = <p className="gallery-status" role="alert">{t('errors.invalidCard')}</p>;
  } else if (media.error || !media.data) {
    body = (
      <p className="gallery-status" role="alert">
        {t(galleryErrorMessage(media.error ?? 'UNKNOWN_ERROR'))}
      </p>
    );
  } else {
    const { sold, notSold, extras } = media.data;
    body = (
      <>
        {sold.length === 0 && <p className="gallery-note">{t('gallery.noneSold')}</p>}
        {sold.length > 0 && <MediaGrid items={sold} code={code} label={t('gallery.sold', { count: counts.sold })} />}
        {notSold.length > 0 && (
          <MediaGrid items={notSold} code={code} label={t('gallery.notSold', { count: counts.notSold })} />
        )}
        {extras.length > 0 && <MediaGrid items={extras} code={code} label={t('gallery.extras', { count: counts.extras })} />}
      </>
    );
  }

  return (
    <div className="gallery">
      <div className="gallery-bar">
        <a href="/" className="button secondary">
          {t('gallery.back')}
        </a>
        {code && <span className="gallery-card">{t('gallery.card', { code: formatCardCode(code) })}</span>}
        <button type="button" className="button secondary" onClick={reload} disabled={!code || media.loading}>
          {t('gallery.reload')}
        </button>
      </div>
      <h1>{t('gallery.title')}</h1>
      {body}
    </div>
  );
}
