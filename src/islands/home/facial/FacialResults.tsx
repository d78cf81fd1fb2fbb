import { useState } from 'react';
import { useTranslate } from '../../../i18n/I18nProvider.tsx';
import type { FaceCard } from '../../../lib/api/types.ts';
import { formatCardCode } from '../../../lib/card-code.ts';
import { galleryPathOfCards } from '../../../lib/routes.ts';

interface Props {
  cards: FaceCard[];
  onSearchMore: () => void;
  onReturn: () => void;
}

/** Select photos: the cards found, each an expandable row of thumbnails; one or more open the gallery. */
export default function FacialResults({ cards, onSearchMore, onReturn }: Props) {
  const t = useTranslate();
  const [chosen, setChosen] = useState<string[]>(() => cards.map((card) => card.code));
  const toggle = (code: string, on: boolean) => setChosen(on ? [...chosen, code] : chosen.filter((c) => c !== code));
  return (
    <div className="facial-results">
      {cards.length === 0 ? (
        <p role="status">{t('facial.noneFound')}</p>
      ) : (
        <>
          <p role="status">{t('facial.found', { count: cards.length })}</p>
          <ul className="facial-cards">
            {cards.map((card) => {
              const code = formatCardCode(card.code);
              return (
                <li key={card.code}>
                  <label className="checkbox">
                    <input type="checkbox" checked={chosen.includes(card.code)} onChange={(event) => toggle(card.code, event.currentTarget.checked)} />{' '}
                    {t('facial.card', { code, count: card.medias.length })}
                  </label>
                  <details>
                    <summary>{t('facial.showPhotos', { code })}</summary>
                    <ul className="facial-thumbs">
                      {card.medias.map((media, n) => (
                        <li key={media.id}>
                          <img src={media.thumbUrl} alt={t('gallery.photoAlt', { n: n + 1, code })} loading="lazy" width={160} height={107} />
                        </li>
                      ))}
                    </ul>
                  </details>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="modal-actions">
        {cards.length > 0 && (
          <button type="button" disabled={chosen.length === 0} onClick={() => window.location.assign(galleryPathOfCards(cards.map((c) => c.code).filter((c) => chosen.includes(c))))}>
            {t('facial.open')}
          </button>
        )}
        <button type="button" className="secondary" onClick={onSearchMore}>
          {t('facial.searchMore')}
        </button>
        <button type="button" className="secondary" onClick={onReturn}>
          {t('facial.return')}
        </button>
      </div>
    </div>
  );
}
