import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { linkHref, mailAddress, mailtoHref } from '../../lib/links.ts';
import { contactEmail, type Organization } from '../../tenant/organization.ts';

interface Props {
  organization: Pick<Organization, 'helpUrl' | 'contactEmail'>;
  /** The code typed so far; the help mail carries it. */
  cardCode: string;
}

/**
 * Help link (external_help_url, a page in a new tab) or a help mail carrying the card code: to the
 * help link when it is an e-mail address (section 5), else to the contact e-mail. Then the legal
 * pages in new tabs.
 */
export default function HomeFooter({ organization, cardCode }: Props) {
  const t = useTranslate();
  const helpMail = organization.helpUrl ? mailAddress(organization.helpUrl) : null;
  const email = helpMail ?? contactEmail(organization);
  const subject = cardCode ? t('footer.mailSubject', { code: cardCode }) : t('footer.mailSubjectNoCard');
  const help = organization.helpUrl && !helpMail ? (
    <a href={linkHref(organization.helpUrl)} target="_blank" rel="noopener noreferrer">
      {t('footer.help')} <span className="visually-hidden">{t('footer.newTab')}</span>
    </a>
  ) : (
    <a href={mailtoHref(email, subject, t('footer.mailBody', { code: cardCode || '—' }))}>
      {t('footer.contact', { email })}
    </a>
  );
  return (
    <footer className="site-footer">
      {help}
      <a href="/terms" target="_blank" rel="noopener">
        {t('footer.terms')} <span className="visually-hidden">{t('footer.newTab')}</span>
      </a>
      <a href="/privacy-policy" target="_blank" rel="noopener">
        {t('footer.privacy')} <span className="visually-hidden">{t('footer.newTab')}</span>
      </a>
    </footer>
  );
}
