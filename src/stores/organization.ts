import { atom, computed, onMount, task } from 'nanostores';
import { bakedJson, PAGE_DATA_ELEMENT_ID } from '../i18n/baked.ts';
import { api } from '../lib/api/index.ts';
import { organizationFromWire, type Organization } from '../tenant/organization.ts';

// The organization at run time (sections 2 and 4). The page carries the one baked at build time,
// which paints at once; once an island watches it, it is loaded again from the API, which is the
// truth: a flag the provider changes (online sale, two-factor, facial search) acts on the next page
// load, without a rebuild. When it cannot be loaded the page shows the error page instead of
// controls that cannot work, and its retry loads again.

/** What a page hands its islands besides the texts (see src/i18n/baked.ts). */
export interface PageData {
  organization: Organization;
}

/** The organization baked into the page: set by the build before it renders a page, read from the page in the browser. */
export const $bakedOrganization = atom<Organization | null>(
  typeof document === 'undefined' ? null : (bakedJson<PageData>(PAGE_DATA_ELEMENT_ID)?.organization ?? null),
);

export interface OrganizationState {
  /** `retrying`: loading again after a failure (the error page stays, its retry busy). */
  status: 'loading' | 'ready' | 'failed' | 'retrying';
  /** The baked organization until the API answers, then the API's. */
  organization: Organization;
}

/** Null until the API is asked (the first island that watches it asks). */
export const $organization = atom<OrganizationState | null>(null);

/** The organization the islands act on: the API's once it answered, the baked one before. */
export const $liveOrganization = computed([$organization, $bakedOrganization], (state, baked) => {
  const organization = state?.organization ?? baked;
  if (!organization) throw new Error('this page carries no organization');
  return organization;
});

/** True while the page must show the error page in place of its controls. */
export const $organizationFailed = computed($organization, (state) => state?.status === 'failed' || state?.status === 'retrying');

let latest = 0;

/** Loads the organization again (section 4: begin, then success or failure); only the latest call answers. */
export async function loadOrganization(): Promise<void> {
  const current = $organization.get();
  if (!current) return;
  const ticket = ++latest;
  $organization.set({ ...current, status: current.status === 'failed' ? 'retrying' : 'loading' });
  try {
    // The gallery's first answer brings it (src/lib/gallery-early.ts); without it, or when that failed, it is asked alone.
    const ask = () => api.getOrganization(current.organization.webName);
    const wire = await (api.earlyOrganization()?.catch(ask) ?? ask());
    if (ticket === latest) $organization.set({ status: 'ready', organization: organizationFromWire(wire, current.organization.banner) });
  } catch {
    if (ticket === latest) $organization.set({ status: 'failed', organization: current.organization });
  }
}

/** The page's first answer is the baked organization; the API's follows. Once per page. */
function startOrganization(): void {
  const baked = $bakedOrganization.get();
  if ($organization.get() || !baked) return;
  $organization.set({ status: 'loading', organization: baked });
  void task(loadOrganization);
}

// The API is asked as soon as an island (or the page's script) watches the organization; at
// build time nothing watches it.
onMount($organization, startOrganization);
