import type { WireOrganization } from '@gallery/contract/organization';

/** A complete organization as the API answers it, with overrides. */
export function wireOrganization(overrides: Partial<WireOrganization> = {}): WireOrganization {
  return {
    id: 1,
    name: 'parque',
    web_name: 'parque',
    url: null,
    has_online_sale: true,
    can_sell_online: true,
    has_facial_recognition: false,
    external_help_url: null,
    external_help_id: null,
    contact_email: 'ajuda@parque.test',
    features: {
      site: {
        can_send_photo: false,
        customer_form_fields: ['name', 'cpf'],
        cpf_as_password: false,
        find_customer_with_credential: false,
        show_home_header: true,
        free_photos: false,
        can_remove_photo: false,
        must_edit_photo: false,
      },
    },
    features_organization: { two_factor_authentication: false, webapp_initial_form: 'card', config: '' },
    ...overrides,
  };
}
