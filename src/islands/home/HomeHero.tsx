import { useStore } from '@nanostores/react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { $locale } from '../../stores/locale.ts';
import type { Branding } from '../../tenant/branding.ts';
import FallbackImage from '../shared/FallbackImage.tsx';

interface Props {
  name: string;
  /** The tenant's banner files by locale (pt when the visitor's locale has none). */
  banners: Branding['banner'];
}

/**
 * The event's identity above the form: the tenant's banner for the visitor's language, over a
 * box in the accent colour that carries the organization's name (what a tenant without branding
 * shows, and what stays when the banner cannot load). The box's size comes from CSS alone, so
 * the banner arriving or changing language moves nothing.
 */
export default function HomeHero({ name, banners }: Props) {
  const t = useTranslate();
  const locale = useStore($locale);
  const banner = banners?.[locale] ?? banners?.pt;
  return (
    <div className="home-hero">
      <p className="home-hero-text">
        <span className="home-hero-name">{name}</span>
        <span className="home-hero-tagline">{t('home.heroTagline')}</span>
      </p>
      {banner && <FallbackImage className="home-hero-image" sources={[banner]} fallback={null} alt="" fetchPriority="high" />}
    </div>
  );
}
