import type { MailTranslate } from './catalogue.ts';

// One layout for every e-mail: the organization's name and logo on top, paragraphs, an optional
// button, and the unsubscribe line; as HTML and as plain text from the same parts.

export interface MailBranding {
  organization: string;
  /** Absolute address of the organization's logo, when it has one. */
  logoUrl: string | null;
  unsubscribeUrl: string;
}

export interface MailContent {
  subject: string;
  paragraphs: string[];
  button?: { label: string; href: string };
}

export interface BuiltMessage {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] as string);

export function buildMessage(t: MailTranslate, branding: MailBranding, content: MailContent): BuiltMessage {
  const unsubscribe = t('mail.unsubscribe', { organization: branding.organization });
  const unsubscribeLink = t('mail.unsubscribeLink');
  const text = [
    branding.organization,
    '',
    ...content.paragraphs.flatMap((paragraph) => [paragraph, '']),
    ...(content.button ? [`${content.button.label}: ${content.button.href}`, ''] : []),
    '--',
    `${unsubscribe} ${unsubscribeLink}: ${branding.unsubscribeUrl}`,
    '',
  ].join('\n');
  const header = branding.logoUrl
    ? `<img src="${escapeHtml(branding.logoUrl)}" alt="${escapeHtml(branding.organization)}" style="max-height:64px;max-width:240px">`
    : `<strong style="font-size:20px">${escapeHtml(branding.organization)}</strong>`;
  const button = content.button
    ? `<p><a href="${escapeHtml(content.button.href)}" style="display:inline-block;padding:12px 20px;background:#1a73e8;color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(content.button.label)}</a></p>`
    : '';
  const html = `<!doctype html>
<html><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="font-family:Arial,Helvetica,sans-serif;color:#222;max-width:560px;margin:0 auto;padding:16px">
<p>${header}</p>
${content.paragraphs.map((paragraph) => `<p>${escapeHtml(paragraph)}</p>`).join('\n')}
${button}
<hr style="border:none;border-top:1px solid #ddd">
<p style="font-size:12px;color:#666">${escapeHtml(unsubscribe)} <a href="${escapeHtml(branding.unsubscribeUrl)}">${escapeHtml(unsubscribeLink)}</a></p>
</body></html>
`;
  return { subject: content.subject, html, text };
}
