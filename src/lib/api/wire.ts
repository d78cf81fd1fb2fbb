// The provider API's answers exactly as they travel (section 7 of the spec, snake_case): the
// contract's types. Only types cross here, so no schema or validator enters the visitors'
// bundles; the client in ./client.ts reshapes the answers into the app's own types.

export type { ErrorCode, WireError } from '../../../contract/errors.ts';
export type {
  CustomerField,
  InitialForm,
  WireOrganization,
  WireOrganizationAnswer,
  WireOrganizationList,
} from '../../../contract/organization.ts';
export type {
  MediaType,
  WireBrandingList,
  WireCard,
  WireCardAnswer,
  WireCredentialCardsAnswer,
  WireCustomerCardAnswer,
  WireDeleteAnswer,
  WireExtra,
  WireFaceSearchAnswer,
  WireMedia,
  WireMediasAnswer,
  WireUploadAnswer,
  WireZipAnswer,
} from '../../../contract/media.ts';
export type {
  DocumentType,
  OrderStatus,
  PaymentMethod,
  WireAddress,
  WireAllDigital,
  WireCustomer,
  WireCustomerInput,
  WireOrder,
  WireOrderAnswer,
  WireOrderLine,
  WireOrderMediaRef,
  WireOrderPayment,
  WirePaymentAnswer,
  WirePaymentStatus,
  WirePriceRange,
  WireProduct,
  WireProductsAnswer,
  WirePublicKeyAnswer,
} from '../../../contract/shop.ts';
