import type { ReactNode } from 'react';
import { earlyText } from '../../lib/gallery-early.ts';
import { useTranslate } from '../shared/page-stores.ts';
import Tooltip from './Tooltip.tsx';

interface Props {
  /** The lists are on their way: the title says so, and the tooltip waits (its page may not have hydrated). */
  loading?: boolean;
  freePhotos: boolean;
  /** The card has extras: a line says they wait at the end. */
  extras: boolean;
  /** The ZIP and reload, at the end of the title's row. */
  tools: ReactNode;
}

/**
 * The head of the list view, kept short so the photos come first on a phone: the title with the
 * ZIP and reload beside it, one line of hint with the watermark tooltip (a shorter hint on a
 * phone, gallery.css), and the extras notice. The counts are the lists' own headings.
 */
export default function GalleryIntro({ loading = false, freePhotos, extras, tools }: Props) {
  const t = useTranslate();
  return (
    <div className="gallery-intro">
      <div className="gallery-title">
        <h1 {...(loading && earlyText('gallery.loading'))}>{t(loading ? 'gallery.loading' : 'gallery.title')}</h1>
        {tools}
      </div>
      <p className="hint">
        <span className="hint-wide" {...(loading && earlyText('gallery.hint'))}>
          {t('gallery.hint')}
        </span>
        <span className="hint-phone" {...(loading && earlyText('gallery.hintPhone'))}>
          {t('gallery.hintPhone')}
        </span>{' '}
        <Tooltip label={t('gallery.tooltipLabel')} text={t(freePhotos ? 'gallery.tooltipFree' : 'gallery.tooltip')} disabled={loading} />
      </p>
      {extras && <p className="gallery-extras-notice">{t('gallery.extrasNotice')}</p>}
    </div>
  );
}
