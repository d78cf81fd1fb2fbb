import { describe, expect, it } from 'vitest';
import { classifyLink, linkHref, mailAddress, mailtoHref } from '../../src/lib/links.ts';

describe('link classification (section 5)', () => {
  it('treats http, https and ftp URLs with a domain suffix as external', () => {
    expect(classifyLink('https://ajuda.parque.com.br/faq')).toBe('external');
    expect(classifyLink('http://example.org')).toBe('external');
    expect(classifyLink('ftp://files.example.net/a.zip')).toBe('external');
  });

  it('keeps URLs without a protocol or a domain suffix inside the site', () => {
    expect(classifyLink('www.example.com')).toBe('internal');
    expect(classifyLink('https://localhost/x')).toBe('internal');
    expect(classifyLink('javascript:alert(1)')).toBe('internal');
    expect(classifyLink('/terms')).toBe('internal');
  });

  it('turns an e-mail address into a mail link', () => {
    expect(classifyLink('ajuda@parque.com.br')).toBe('mail');
    expect(linkHref('ajuda@parque.com.br')).toBe('mailto:ajuda@parque.com.br');
    expect(linkHref('mailto:a@b.co')).toBe('mailto:a@b.co');
  });

  it('reads the address of a mail link, and of nothing else', () => {
    expect(mailAddress('ajuda@parque.com.br')).toBe('ajuda@parque.com.br');
    expect(mailAddress(' mailto:Ajuda@Parque.com.br ')).toBe('Ajuda@Parque.com.br');
    expect(mailAddress('https://ajuda.parque.com.br/faq')).toBeNull();
    expect(mailAddress('terms')).toBeNull();
  });

  it('roots internal routes and never lets a script URL through', () => {
    expect(linkHref('terms')).toBe('/terms');
    expect(linkHref('javascript:alert(1)')).toBe('/javascript:alert(1)');
  });

  it('encodes mail subject and body', () => {
    expect(mailtoHref('a@b.co', 'Ajuda para acessar o site', 'http://x/?a=1&b=2')).toBe(
      'mailto:a@b.co?subject=Ajuda%20para%20acessar%20o%20site&body=http%3A%2F%2Fx%2F%3Fa%3D1%26b%3D2',
    );
  });
});
