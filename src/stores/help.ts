import { atom } from 'nanostores';

/** The card code the footer's help mail carries: as typed on the home, the gallery's on the gallery (section 5). */
export const $helpCardCode = atom('');

export function setHelpCardCode(code: string): void {
  $helpCardCode.set(code);
}
