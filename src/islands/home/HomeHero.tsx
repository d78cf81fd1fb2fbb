import { useStore } from '@nanostores/react';
import { useTranslate } from '../../i18n/I18nProvider.tsx';
import { $locale } from '../../stores/locale.ts';
import type { Branding } from '../../tenant/branding.ts';
import Banner from '../shared/Banner.tsx';

interface Props {
  name: string;
  /** The tenant's banner files by locale (pt when the visitor's locale has none). */
  banners: Branding['banner'];
}

/**
 * The event's identity above the form: the tenant's banner for the visitor's language, whole at
 * its own ratio (its file's size reserves the box before it loads); without one, or when it cannot
 * load, a box in the accent colour that carries the organization's name, sized by CSS alone.
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
      {banner && <Banner className="home-hero-image" sources={[banner.url]} size={banner.size} maxHeight="10rem" fetchPriority="high" />}
    </div>
  );
}
