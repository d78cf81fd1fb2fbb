import { sql } from 'kysely';
import { Value } from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { Organization, OrganizationFile, type WireOrganizationAnswer } from '@gallery/contract/organization';
import { DEMO_ORGANIZATION } from '../../server/src/services/seed.ts';
import { parseOrganizationInput } from '../../server/src/services/organization-input.ts';
import { createTestApi, type TestApi, row } from './helpers.ts';

// One schema (contract/organization.ts) for the CLI's file, the API's answer and the build.

describe('the organization file (org:upsert)', () => {
  it("names every wrong field at once, past TypeBox's usual 8 errors", () => {
    const result = parseOrganizationInput({
      id: 3,
      foo: 1,
      web_name: 'Bad Name',
      url: 'x',
      has_online_sale: 'yes',
      contact_email: 'a@b',
      features: { site: { customer_form_fields: ['name', 'zip'], free_photos: 1 } },
      features_organization: { webapp_initial_form: 'zz', config: '[1]' },
    });
    expect(result).toEqual({
      ok: false,
      problems: [
        'name must be a non-empty text of at most 200 characters',
        'id must not be given: the API assigns it',
        'foo is not a known field',
        'web_name must be 1-63 lower-case letters, digits or dashes, not starting with a dash',
        'url must be an http(s) address, or null',
        'has_online_sale must be true or false',
        'contact_email must be an e-mail address, or null',
        'features.site.customer_form_fields must be a list of name, lastname, external_id, cpf, password',
        'features.site.free_photos must be true or false',
        'features_organization.webapp_initial_form must be one of card, customer, credential',
        'features_organization.config must be a string holding a JSON object',
      ],
    });
    expect(parseOrganizationInput([])).toEqual({ ok: false, problems: ['the file must hold one JSON object'] });
  });

  it('fills what is missing with the defaults and trims the name', () => {
    const result = parseOrganizationInput({ web_name: 'novo', name: '  Novo ' });
    expect(result).toMatchObject({ ok: true, organization: { name: 'Novo', url: null, has_online_sale: false } });
    if (result.ok) {
      expect(result.organization.features.site.customer_form_fields).toEqual([]);
      expect(result.organization.features_organization).toEqual({ two_factor_authentication: false, webapp_initial_form: 'card', config: '{}' });
    }
  });

  it('takes an http(s) address or an e-mail address as the help link (section 5: an e-mail becomes a mail link)', () => {
    for (const help of ['https://ajuda.parque.example/faq', 'ajuda@parque.example', null]) {
      const result = parseOrganizationInput({ web_name: 'novo', name: 'Novo', external_help_url: help });
      expect(result, String(help)).toMatchObject({ ok: true, organization: { external_help_url: help } });
    }
    for (const help of ['ajuda', 'ajuda@parque', 'ftp://parque.example']) {
      expect(parseOrganizationInput({ web_name: 'novo', name: 'Novo', external_help_url: help })).toEqual({
        ok: false,
        problems: ['external_help_url must be an http(s) address or an e-mail address, or null'],
      });
    }
  });

  it('takes the demo organization the seed writes', () => {
    expect(Value.Check(OrganizationFile, DEMO_ORGANIZATION)).toBe(true);
  });
});

describe('GET /api/v1/organization/:webName', () => {
  let api: TestApi;
  afterEach(() => api.close());

  it("answers through the contract's schema: a stored field outside it never travels", async () => {
    api = await createTestApi();
    const stored = await row(api.db, sql<{ profile: string }>`SELECT profile FROM organizations WHERE web_name = 'demo'`);
    const profile = JSON.stringify({ ...JSON.parse(stored?.profile ?? '{}'), internal_note: 'x' });
    await sql`UPDATE organizations SET profile = ${profile} WHERE web_name = 'demo'`.execute(api.db);
    const res = await api.app.inject({ url: '/api/v1/organization/DEMO' });
    expect(res.statusCode).toBe(200);
    const body = res.json<WireOrganizationAnswer>();
    expect(Value.Check(Organization, body.organization)).toBe(true);
    expect(body.organization).not.toHaveProperty('internal_note');
    expect(body.organization).toMatchObject({ web_name: 'demo', features_organization: { webapp_initial_form: 'card' } });
    const list = await api.app.inject({ url: '/api/v1/organizations' });
    expect(list.json()).toEqual({
      error: false,
      organizations: [{ id: body.organization.id, web_name: 'demo', name: 'Demo', updated_at: expect.any(String) }],
    });
  });
});
