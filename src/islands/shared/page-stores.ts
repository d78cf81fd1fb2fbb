// How islands read the stores they share. The page is prerendered in pt with the organization baked
// at build time and every store at its initial value; in the browser, islands hydrate at different
// moments, and by then the stores may hold the stored language, the API's organization or what
// another island did. Each island hydrates against the prerendered value (@nanostores/react's
// `ssr` snapshot, React's server snapshot), so the HTML matches and no warning is raised, then
// renders the live value at once.
import { useStore as useNanoStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useEffect } from 'react';
import { DEFAULT_LOCALE, type Locale, type Translate } from '../../i18n/index.ts';
import { islandShown } from '../../lib/locale-reveal.ts';
import { $prerenderedT, $t } from '../../stores/i18n.ts';
import { $locale } from '../../stores/locale.ts';
import { $bakedOrganization, $liveOrganization, $organization } from '../../stores/organization.ts';
import type { Organization } from '../../tenant/organization.ts';

/**
 * A store's value; an atom's or a map's initial value while the island hydrates. A computed store
 * has none (its current value then): it is read only by what renders after hydration (a modal's inside).
 */
export function useStore<T>(store: ReadableAtom<T>): T {
  return useNanoStore(store, { ssr: store.init === undefined ? false : 'initial' }) as T;
}

/** The translate function of the visitor's language (pt while the island hydrates). */
export function useTranslate(): Translate {
  return useNanoStore($t, { ssr: $prerenderedT.get });
}

/** The visitor's language (pt while the island hydrates). */
export function useLocale(): Locale {
  return useNanoStore($locale, { ssr: () => DEFAULT_LOCALE });
}

function bakedOrganization(): Organization {
  const baked = $bakedOrganization.get();
  if (!baked) throw new Error('this page carries no organization');
  return baked;
}

/** The organization the API answers now (the baked one while the island hydrates and until the API answers). */
export function useOrganization(): Organization {
  return useNanoStore($liveOrganization, { ssr: bakedOrganization });
}

/**
 * True while the organization cannot be loaded: the page shows the error page (OrganizationError),
 * and the islands with controls that cannot work render nothing.
 */
export function useOrganizationFailed(): boolean {
  const status = useStore($organization)?.status;
  return status === 'failed' || status === 'retrying';
}

/**
 * Called once at the root of each client:load (or client:after-photos) island: the page, hidden while a stored language
 * other than pt is pending, shows once every such island has rendered that language.
 */
export function useShownIsland(): void {
  const locale = useLocale();
  useEffect(() => {
    if (locale === $locale.get()) islandShown();
  }, [locale]);
}
