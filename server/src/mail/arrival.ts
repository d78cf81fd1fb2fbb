import type { MailTranslate } from './catalogue.ts';
import type { MailContent } from './message.ts';

// "Your photos are here" (issue #29): one notice per subscription when its card's first photos
// land, with the link to that card's gallery (under two-factor, to the home asking its access code);
// from the facial search, when the days searched have no photo left to index, with the link to the
// site's home to search again (no card is the visitor's yet).

export interface ArrivalFacts {
  organization: string;
  cardCode: string;
  /** The card's gallery on the organization's site (the home's code prompt under two-factor); null when no site address is known. */
  galleryUrl: string | null;
}

export function arrivalContent(t: MailTranslate, facts: ArrivalFacts): MailContent {
  const names = { organization: facts.organization, code: facts.cardCode };
  return {
    subject: t('arrival.subject', names),
    paragraphs: [t('arrival.title'), t('arrival.intro', names), ...(facts.galleryUrl ? [] : [t('arrival.noSite', names)]), t('arrival.kept')],
    ...(facts.galleryUrl ? { button: { label: t('arrival.open'), href: facts.galleryUrl } } : {}),
  };
}

export function facesContent(t: MailTranslate, facts: { organization: string; homeUrl: string | null }): MailContent {
  const names = { organization: facts.organization };
  return {
    subject: t('faces.subject', names),
    paragraphs: [t('faces.title'), t('faces.intro', names), ...(facts.homeUrl ? [] : [t('faces.noSite', names)]), t('arrival.kept')],
    ...(facts.homeUrl ? { button: { label: t('faces.open'), href: facts.homeUrl } } : {}),
  };
}
