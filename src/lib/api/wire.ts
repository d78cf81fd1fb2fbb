// The provider API's answers exactly as they travel (section 7 of the spec, snake_case).
// The server builds these; the client in ./client.ts reshapes them into the app's own types.

export type ErrorCode =
  | 'CARD_NOT_FOUND'
  | 'CARD_EMPTY_MEDIA'
  | 'CARD_EMPTY_PHOTO'
  | 'CUSTOMER_NOT_FOUND'
  | 'CUSTOMER_CODE_NOT_FOUND'
  | 'CARD_NOT_FROM_CUSTOMER'
  | 'ORGANIZATION_NOT_FOUND'
  | 'MEDIA_NOT_FOUND'
  | 'MEDIA_NOT_SOLD'
  | 'VALIDATION_ERROR'
  | 'NOT_FOUND'
  | 'PAYLOAD_TOO_LARGE'
  | 'RATE_LIMITED'
  | 'INTERNAL_ERROR';

/** Every failed call answers this, with a 4xx or 5xx status. */
export interface WireError {
  error: true;
  message: ErrorCode | string;
  /** For VALIDATION_ERROR: which field is wrong and why, in English. */
  detail?: string;
}

export type InitialForm = 'card' | 'customer' | 'credential';

export interface WireOrganization {
  id: number;
  name: string;
  web_name: string;
  url: string | null;
  has_online_sale: boolean;
  can_sell_online: boolean;
  has_facial_recognition: boolean;
  external_help_url: string | null;
  external_help_id: string | null;
  contact_email: string | null;
  features: {
    site: {
      can_send_photo: boolean;
      /** Which customer-search fields the home shows, in order. */
      customer_form_fields: Array<'name' | 'lastname' | 'external_id' | 'cpf' | 'password'>;
      cpf_as_password: boolean;
      find_customer_with_credential: boolean;
      show_home_header: boolean;
      free_photos: boolean;
      can_remove_photo: boolean;
      must_edit_photo: boolean;
    };
  };
  features_organization: {
    two_factor_authentication: boolean;
    webapp_initial_form: InitialForm;
    /** A JSON string, e.g. '{"SITE_BANNER":{"URL":"https://…","HEIGHT":80}}'. */
    config: string;
  };
}

export interface WireOrganizationAnswer {
  error: false;
  message: string;
  organization: WireOrganization;
}

export interface WireOrganizationList {
  error: false;
  organizations: Array<{ id: number; web_name: string; name: string }>;
}

export type MediaType = 'photo' | 'video';

export interface WireMedia {
  id: string;
  type: MediaType;
  filename: string;
  thumb_filename: string;
  /** API path (no host) of the preview image: watermarked unless the media is sold or free. */
  preview_path: string;
  /** API path (no host) of the thumbnail: watermarked unless the media is sold or free. */
  thumb_path: string;
  /** The card code (normalised) the media belongs to. */
  card: string;
  /** Only on unsold media. */
  selected?: boolean;
}

export interface WireExtra {
  id: string;
  type: 'extra';
  filename: string;
  thumb_filename: string;
  preview_path: string;
  thumb_path: string;
  card: string;
}

export interface WireCard {
  id: string;
  /** Normalised 9-character code. */
  card: string;
  medias_count: number;
}

export interface WireCardAnswer {
  error: false;
  message: string;
  card: WireCard;
  medias_count: number;
}

export interface WireMediasAnswer {
  error: false;
  message: string;
  sold_medias: WireMedia[];
  not_sold_medias: WireMedia[];
  extras: WireExtra[];
}
