// The provider API's answers exactly as they travel (section 7 of the spec, snake_case): the
// contract's types. Only types cross here, so no schema or validator enters the visitors'
// bundles; the client in ./client.ts reshapes the answers into the app's own types.

export type { ErrorCode, WireError } from '@gallery/contract/errors';
export type { CustomerField, InitialForm, WireOrganization, WireOrganizationAnswer } from '@gallery/contract/organization';
export type {
  MediaType,
  WireCard,
  WireCardAnswer,
  WireCredentialCardsAnswer,
  WireCustomerCardAnswer,
  WireDeleteAnswer,
  WireExtra,
  WireFaceSearchAnswer,
  WireMedia,
  WireGalleryStartAnswer,
  WireMediaCounts,
  WireMediasAnswer,
  WireUploadAnswer,
  WireZipAnswer,
} from '@gallery/contract/media';
export type {
  DocumentType,
  OrderStatus,
  PaymentMethod,
  WireAddress,
  WireCustomer,
  WireCustomerInput,
  WireOrder,
  WireOrderAnswer,
  WirePaymentAnswer,
  WirePaymentStatus,
  WireProductsAnswer,
  WirePublicKeyAnswer,
} from '@gallery/contract/shop';
