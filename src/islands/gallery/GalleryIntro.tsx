import { useTranslate } from '../../i18n/I18nProvider.tsx';
import Tooltip from './Tooltip.tsx';

interface Props {
  freePhotos: boolean;
  counts: { sold: number; notSold: number; extras: number } | null;
}

/** Title, the hint, the counts, the extras notice and the watermark tooltip. */
export default function GalleryIntro({ freePhotos, counts }: Props) {
  const t = useTranslate();
  return (
    <div className="gallery-intro">
      <h1>{t('gallery.title')}</h1>
      <p className="hint">
        {t('gallery.hint')}{' '}
        <Tooltip label={t('gallery.tooltipLabel')} text={t(freePhotos ? 'gallery.tooltipFree' : 'gallery.tooltip')} />
      </p>
      {/* The line is there from the first paint, so the media arriving never push the page down. */}
      <p className="gallery-counts">
        {counts &&
          (freePhotos ? (
            <span>{t('gallery.freeCount', { count: counts.sold + counts.notSold })}</span>
          ) : (
            <>
              <span>{t('gallery.toBuyCount', { count: counts.notSold })}</span>
              <span>{t('gallery.boughtCount', { count: counts.sold })}</span>
            </>
          ))}
      </p>
      {counts && counts.extras > 0 && <p className="gallery-extras-notice">{t('gallery.extrasNotice')}</p>}
    </div>
  );
}
