import { useStore, useTranslate } from '../../shared/page-stores.ts';
import type { FaceSearchResult } from '../../../lib/api/types.ts';
import { formatCardCode } from '@gallery/contract/card-code';
import { matchConfidence } from '../../../lib/facial.ts';
import { galleryPathOfCards } from '../../../lib/routes.ts';
import { $faceCardChoice, $faceCardsToOpen, $facialNoticePeriod, dropFaceCard, tickFaceCard } from '../../../stores/facial.ts';
import ArrivalNoticeForm from '../ArrivalNoticeForm.tsx';

interface Props {
  found: FaceSearchResult;
  onSearchMore: () => void;
  onReturn: () => void;
}

/**
 * Select photos: the cards found, each saying how sure its match is, ticked to open and with
 * "Not me" to set it aside, and an expandable row of thumbnails; the ticked ones open the gallery.
 */
export default function FacialResults({ found: { cards, pending }, onSearchMore, onReturn }: Props) {
  const t = useTranslate();
  const choice = useStore($faceCardChoice);
  const toOpen = useStore($faceCardsToOpen);
  const noticePeriod = useStore($facialNoticePeriod);
  return (
    <div className="facial-results">
      <p role="status">{cards.length === 0 ? t('facial.noneFound') : t('facial.found', { count: cards.length })}</p>
      {pending > 0 && <p className="facial-pending">{t('facial.pending', { count: pending })}</p>}
      {noticePeriod && <ArrivalNoticeForm target={{ period: noticePeriod }} />}
      {cards.length > 0 && (
        <ul className="facial-cards">
          {cards.map((card) => {
            const code = formatCardCode(card.code);
            const dropped = choice.dropped.includes(card.code);
            const confidence = matchConfidence(card.similarity);
            return (
              <li key={card.code} className={dropped ? 'dropped' : undefined}>
                <div className="facial-card">
                  {dropped ? (
                    <span>{t('facial.dropped', { code })}</span>
                  ) : (
                    <label className="checkbox">
                      <input
                        type="checkbox"
                        checked={!choice.unticked.includes(card.code)}
                        onChange={(event) => tickFaceCard(card.code, event.currentTarget.checked)}
                      />{' '}
                      {t('facial.card', { code, count: card.medias.length })}
                    </label>
                  )}
                  {!dropped && <span className={`facial-match ${confidence}`}>{t(confidence === 'likely' ? 'facial.likely' : 'facial.possible')}</span>}
                  {/* One button in both states, so focus stays on it. */}
                  <button
                    type="button"
                    className="secondary facial-drop"
                    aria-label={t(dropped ? 'facial.undoCard' : 'facial.notMeCard', { code })}
                    onClick={() => dropFaceCard(card.code, !dropped)}
                  >
                    {t(dropped ? 'facial.undo' : 'facial.notMe')}
                  </button>
                </div>
                {!dropped && (
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
                )}
              </li>
            );
          })}
        </ul>
      )}
      <div className="modal-actions">
        {cards.length > 0 && (
          <button type="button" disabled={toOpen.length === 0} onClick={() => window.location.assign(galleryPathOfCards(toOpen))}>
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
