import type { ReactNode } from 'react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { sectionLabel, type GallerySection } from '../../lib/gallery.ts';
import Tooltip from './Tooltip.tsx';

interface Props {
  freePhotos: boolean;
  sections: GallerySection[];
  /** The ZIP and reload, at the end of the counts' bar. */
  tools: ReactNode;
}

/**
 * The head of the list view, kept short so the photos start high on a phone: the title, the hint
 * with the watermark tooltip, then one slim bar with the counts and the ZIP, and the extras notice.
 */
export default function GalleryIntro({ freePhotos, sections, tools }: Props) {
  const t = useTranslate();
  const extras = sections.some((section) => section.role === 'extras');
  return (
    <>
      <div className="gallery-intro">
        <h1>{t('gallery.title')}</h1>
        <p className="hint">
          {t('gallery.hint')}{' '}
          <Tooltip label={t('gallery.tooltipLabel')} text={t(freePhotos ? 'gallery.tooltipFree' : 'gallery.tooltip')} />
        </p>
      </div>
      <div className="gallery-summary">
        <p className="gallery-counts">
          {sections
            .filter((section) => section.role !== 'extras')
            .map((section) => (
              <span key={section.role}>{sectionLabel(t, section)}</span>
            ))}
        </p>
        {tools}
      </div>
      {extras && <p className="gallery-extras-notice">{t('gallery.extrasNotice')}</p>}
    </>
  );
}
