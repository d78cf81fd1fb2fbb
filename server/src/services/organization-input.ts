import { Value } from 'typebox/value';
import { OrganizationFile, organizationProblems, type NewOrganization } from '@gallery/contract/organization';

// Checks an organization file from the admin CLI before anything is written, naming every
// wrong field at once (as loadConfig does for the environment). The rules are the contract's.

export type OrganizationInputResult = { ok: true; organization: NewOrganization } | { ok: false; problems: string[] };

export function parseOrganizationInput(input: unknown): OrganizationInputResult {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) {
    return { ok: false, problems: ['the file must hold one JSON object'] };
  }
  // Missing flags are false, missing nullable fields null, and so on (the schema's defaults).
  const filled = Value.Default(OrganizationFile, structuredClone(input));
  const problems = organizationProblems(OrganizationFile, filled);
  if (problems.length) return { ok: false, problems };
  const organization = filled as NewOrganization;
  return { ok: true, organization: { ...organization, name: organization.name.trim() } };
}
