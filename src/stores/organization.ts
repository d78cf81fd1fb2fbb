import { atom } from 'nanostores';
import { api } from '../lib/api/index.ts';
import { organizationFromWire, type Organization } from '../tenant/organization.ts';

// The organization at run time (sections 2 and 4). The page carries the one baked at build time,
// which paints at once; on arrival the islands load it again from the API, which is the truth:
// a flag the provider changes (online sale, two-factor, facial search) acts on the next page
// load, without a rebuild. When it cannot be loaded the islands show the error page instead of
// controls that cannot work, and its retry loads again.

export interface OrganizationState {
  /** `retrying`: loading again after a failure (the error page stays, its retry busy). */
  status: 'loading' | 'ready' | 'failed' | 'retrying';
  /** The baked organization until the API answers, then the API's. */
  organization: Organization;
}

export const $organization = atom<OrganizationState | null>(null);

let latest = 0;

/** Loads the organization again (section 4: begin, then success or failure); only the latest call answers. */
export async function loadOrganization(): Promise<void> {
  const current = $organization.get();
  if (!current) return;
  const ticket = ++latest;
  $organization.set({ ...current, status: current.status === 'failed' ? 'retrying' : 'loading' });
  try {
    const wire = await api.getOrganization(current.organization.webName);
    if (ticket === latest) $organization.set({ status: 'ready', organization: organizationFromWire(wire, current.organization.banner) });
  } catch {
    if (ticket === latest) $organization.set({ status: 'failed', organization: current.organization });
  }
}

/** The page's first answer is the baked organization; the API's follows. Once per page. */
export function startOrganization(baked: Organization): void {
  if ($organization.get()) return;
  $organization.set({ status: 'loading', organization: baked });
  void loadOrganization();
}
