import type { MailTranslate } from './catalogue.ts';
import type { MailContent } from './message.ts';

// "Your photos are here" (issue #29): one notice per subscription when its card's first photos
// land, with the link to that card's gallery (under two-factor, to the home asking its access code).

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
