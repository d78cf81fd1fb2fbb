// The facial search modal's store, driven as the modal drives it, with nanostores' own test
// helpers; the API is the real client over a fake network whose face search answers the next
// queued result.
import { cleanStores } from 'nanostores';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FaceCard, FaceSearchResult } from '../../src/lib/api/types.ts';
import * as facial from '../../src/stores/facial.ts';
import { type Asked, fakeNetwork, Refusal } from '../factories/network.ts';

const { $faceCardChoice, $faceCardsToOpen, $faceSearch, $facialFallingBack, $facialPeriod, $facialStep } = facial;
const card: FaceCard = { code: 'DEMO00001', similarity: 0.95, medias: [] };
const other: FaceCard = { code: 'DEMO00002', similarity: 0.6, medias: [] };
const found = (cards: FaceCard[], pending = 0): FaceSearchResult => ({ cards, pending });
const photo = new Blob(['x'], { type: 'image/jpeg' });

/** What the API answers to each search, in order; none left is FACE_NOT_FOUND. */
let answers: Array<FaceSearchResult | 'FACE_NOT_FOUND'>;
let asked: Asked[];
/** The periods searched, as the API was asked them. */
const periods = () => asked.map(({ query }) => `${query.get('from_date')}..${query.get('to_date')}`);

beforeEach(() => {
  answers = [];
  asked = fakeNetwork(({ method, path }) => {
    if (method !== 'POST' || path !== '/api/v1/card/search/photo') throw new Refusal('NOT_FOUND', 404);
    const answer = answers.shift();
    if (answer === 'FACE_NOT_FOUND' || !answer) throw new Refusal('FACE_NOT_FOUND', 422);
    return { error: false, cards: answer.cards.map(({ code, similarity }) => ({ card: code, similarity, medias: [] })), pending: answer.pending };
  });
  facial.startFacial(false);
});
afterEach(() => {
  vi.useRealTimers();
  cleanStores($faceCardChoice, $faceCardsToOpen, $faceSearch, $facialFallingBack, $facialPeriod, $facialStep);
  vi.unstubAllGlobals();
});

describe('the facial modal store', () => {
  it('opens at the calendar, or at the QR step in credential mode, always afresh', () => {
    facial.pickFacialPeriod({ start: '2026-11-21', end: '2026-11-22' });
    facial.startFacial(true);
    expect($facialStep.get()).toBe('qrcode');
    expect($facialPeriod.get()).toEqual({ start: '', end: '', terms: false, refused: false });
    facial.showFacialStep('period');
    expect($facialStep.get()).toBe('period');
  });

  it('refuses Next without a day or without the terms, and goes to the camera with both', () => {
    facial.acceptFacialTerms(true);
    facial.pickFacialPeriod({ start: '', end: '' });
    expect(facial.confirmFacialPeriod()).toBe(false);
    expect($facialPeriod.get().refused).toBe(true);
    expect($facialStep.get()).toBe('period');

    facial.pickFacialPeriod({ start: '2026-11-21', end: '2026-11-21' });
    facial.acceptFacialTerms(false);
    expect(facial.confirmFacialPeriod()).toBe(false);

    facial.acceptFacialTerms(true);
    expect(facial.confirmFacialPeriod()).toBe(true);
    expect($facialPeriod.get().refused).toBe(false);
    expect($facialStep.get()).toBe('camera');
  });

  it('searches the chosen period; found cards are the select step', async () => {
    facial.pickFacialPeriod({ start: '2026-11-21', end: '2026-11-23' });
    answers.push(found([card], 2));
    expect(await facial.searchFaces(1, [photo])).toEqual(found([card], 2));
    expect(periods()).toEqual(['2026-11-21..2026-11-23']);
    expect(asked[0]?.query.get('organization_id')).toBe('1');
    expect((asked[0]?.body as FormData).getAll('photos[]')).toHaveLength(1);
    expect($facialStep.get()).toBe('select');
  });

  it('searches one day picked as that day and the next (section 5)', async () => {
    facial.pickFacialPeriod({ start: '2026-11-30', end: '2026-11-30' });
    answers.push(found([card], 2));
    await facial.searchFaces(1, [photo]);
    expect(periods()).toEqual(['2026-11-30..2026-12-01']);
  });

  it('a failed first search stays on the camera with the error', async () => {
    facial.showFacialStep('camera');
    expect(await facial.searchFaces(1, [photo])).toBeNull();
    expect($faceSearch.get().error).toBe('FACE_NOT_FOUND');
    expect($facialStep.get()).toBe('camera');
    expect($facialFallingBack.get()).toBe(false);
  });

  it('a failed re-search goes back to the earlier cards after 5 seconds (section 4)', async () => {
    vi.useFakeTimers();
    answers.push(found([card]), 'FACE_NOT_FOUND');
    await facial.searchFaces(1, [photo]);
    facial.showFacialStep('camera');
    await facial.searchFaces(1, [photo]);
    expect($facialFallingBack.get()).toBe(true);
    expect($facialStep.get()).toBe('camera');
    vi.advanceTimersByTime(4999);
    expect($facialStep.get()).toBe('camera');
    vi.advanceTimersByTime(1);
    expect($facialStep.get()).toBe('select');
    expect($facialFallingBack.get()).toBe(false);
    expect($faceSearch.get().data).toEqual(found([card]));
  });

  it('closing stops a pending fallback', async () => {
    vi.useFakeTimers();
    answers.push(found([card]), 'FACE_NOT_FOUND');
    await facial.searchFaces(1, [photo]);
    facial.showFacialStep('camera');
    await facial.searchFaces(1, [photo]);
    facial.closeFacial();
    vi.advanceTimersByTime(10_000);
    expect($facialStep.get()).toBe('camera');
    expect($facialFallingBack.get()).toBe(false);
  });

  it('a search answered after the modal was opened again changes nothing there', async () => {
    vi.useFakeTimers();
    answers.push(found([card]), found([other]));
    await facial.searchFaces(1, [photo]);
    facial.showFacialStep('camera');
    const search = facial.searchFaces(1, [photo]);
    facial.startFacial(false);
    expect(await search).toBeNull();
    vi.advanceTimersByTime(10_000);
    expect($facialStep.get()).toBe('period');
    expect($facialFallingBack.get()).toBe(false);
    expect($faceSearch.get()).toEqual({ loading: false, error: null, data: null });
  });

  it('opens the gallery with the cards neither dropped ("Not me") nor unticked, and every new answer starts afresh', async () => {
    answers.push(found([card, other]), found([card, other]));
    await facial.searchFaces(1, [photo]);
    expect($faceCardsToOpen.get()).toEqual(['DEMO00001', 'DEMO00002']);
    facial.dropFaceCard('DEMO00001', true);
    expect($faceCardsToOpen.get()).toEqual(['DEMO00002']);
    facial.tickFaceCard('DEMO00002', false);
    expect($faceCardsToOpen.get()).toEqual([]);
    facial.dropFaceCard('DEMO00001', false);
    expect($faceCardsToOpen.get()).toEqual(['DEMO00001']);

    facial.dropFaceCard('DEMO00001', true);
    await facial.searchFaces(1, [photo]);
    expect($faceCardsToOpen.get()).toEqual(['DEMO00001', 'DEMO00002']);
    facial.dropFaceCard('DEMO00002', true);
    facial.startFacial(false);
    expect($faceCardsToOpen.get()).toEqual([]);
    expect($faceCardChoice.get()).toEqual({ dropped: [], unticked: [] });
  });
});
