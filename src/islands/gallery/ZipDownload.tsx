import { useStore, useTranslate } from '../shared/page-stores.ts';
import { downloadGalleryZip } from '../../stores/gallery.ts';
import { $zip } from '../../stores/zip.ts';
import Icon from './icons.tsx';

interface Props {
  /** Whether the visitor owns anything (among the media loaded so far: the sold ones come first). */
  owns: boolean;
}

/** One action for a ZIP of every owned media: progress while prepared, then the browser downloads it. */
export default function ZipDownload({ owns }: Props) {
  const t = useTranslate();
  const zip = useStore($zip);
  const start = () => void downloadGalleryZip();
  return (
    <div className="zip-download">
      {/* Under 900 px its icon alone, named by the hidden words (gallery.css). */}
      <button type="button" className="zip-button" onClick={start} disabled={zip.loading || !owns}>
        <Icon name="download" />
        <span className="header-label">{t('zip.download')}</span>
      </button>
      <ZipStatus onRetry={start} />
    </div>
  );
}

/** The ZIP's progress, its manual link once started, or why it failed with a retry. */
export function ZipStatus({ onRetry }: { onRetry: () => void }) {
  const t = useTranslate();
  const zip = useStore($zip);
  return (
    <>
      <div role="status" className="zip-status">
        {zip.loading && (
          <>
            <progress aria-label={t('zip.preparing')} /> {t('zip.preparing')}
          </>
        )}
        {!zip.loading && zip.data && (
          <>
            {t('zip.ready')} <a href={zip.data}>{t('zip.manual')}</a>
          </>
        )}
      </div>
      {zip.error && (
        <p role="alert" className="form-error">
          {t('zip.error')}{' '}
          <button type="button" className="secondary" onClick={onRetry}>
            {t('zip.retry')}
          </button>
        </p>
      )}
    </>
  );
}
