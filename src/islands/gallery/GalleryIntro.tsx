import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { sectionLabel, type GallerySection } from '../../lib/gallery.ts';
import Tooltip from './Tooltip.tsx';

interface Props {
  freePhotos: boolean;
  sections: GallerySection[];
}

/** Title, the hint, the counts, the extras notice and the watermark tooltip: the head of the list view. */
export default function GalleryIntro({ freePhotos, sections }: Props) {
  const t = useTranslate();
  const extras = sections.some((section) => section.role === 'extras');
  return (
    <div className="gallery-intro">
      <h1>{t('gallery.title')}</h1>
      <p className="hint">
        {t('gallery.hint')}{' '}
        <Tooltip label={t('gallery.tooltipLabel')} text={t(freePhotos ? 'gallery.tooltipFree' : 'gallery.tooltip')} />
      </p>
      <p className="gallery-counts">
        {sections
          .filter((section) => section.role !== 'extras')
          .map((section) => (
            <span key={section.role}>{sectionLabel(t, section)}</span>
          ))}
      </p>
      {extras && <p className="gallery-extras-notice">{t('gallery.extrasNotice')}</p>}
    </div>
  );
}
