// Section 5: a link is external only for an http, https or ftp URL with a domain suffix; an
// e-mail address becomes a mail link; anything else is a route inside the site.

export type LinkKind = 'external' | 'mail' | 'internal';

const EXTERNAL = /^(https?|ftp):\/\/[^\s/?#@]+\.[a-z]{2,}(?::\d+)?(?:[/?#]\S*)?$/i;
const EMAIL = /^(?:mailto:)?[^\s@/]+@[^\s@/]+\.[a-z]{2,}$/i;

export function classifyLink(value: string): LinkKind {
  const link = value.trim();
  if (EXTERNAL.test(link)) return 'external';
  if (EMAIL.test(link)) return 'mail';
  return 'internal';
}

/** The href for a link of any kind; internal routes always start at the site root. */
export function linkHref(value: string): string {
  const link = value.trim();
  switch (classifyLink(link)) {
    case 'external':
      return link;
    case 'mail':
      return link.toLowerCase().startsWith('mailto:') ? link : `mailto:${link}`;
    case 'internal':
      return `/${link.replace(/^\/+/, '')}`;
  }
}

/** The address of a mail link ("ajuda@x.com" or "mailto:ajuda@x.com"), or null for any other link. */
export function mailAddress(value: string): string | null {
  const link = value.trim();
  return classifyLink(link) === 'mail' ? link.replace(/^mailto:/i, '') : null;
}

/** A mailto: address with a subject and body, encoded for any mail client. */
export function mailtoHref(address: string, subject: string, body: string): string {
  return `mailto:${address}?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(body)}`;
}
