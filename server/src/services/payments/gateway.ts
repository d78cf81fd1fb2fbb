// The one seam between the shop and a payment service provider. Real PSPs (Pagar.me, Mercado
// Pago, ...) plug in behind this interface; the built-in sandbox (./sandbox.ts) is the default.
// Amounts are integer cents of BRL.

export type PaymentMethod = 'pix' | 'creditCard';

/** Every PSP's statuses are normalised to this set. */
export type ChargeStatus = 'pending' | 'processing' | 'paid' | 'refused' | 'canceled' | 'expired' | 'refunded' | 'chargedback';

export interface Charge {
  id: string;
  orderId: string;
  method: PaymentMethod;
  amount: number;
  status: ChargeStatus;
  /** PIX only: the BR Code "copia e cola". */
  pixText: string | null;
  /** PIX only: the charge's own random txid in that code, by which a bank statement names it. */
  pixTxid: string | null;
  /** Cards only; never more of the card than this. */
  cardLast4: string | null;
  cardBrand: string | null;
}

/** The gateway refused the request itself (bad card data, not a declined card). */
export class GatewayInputError extends Error {
  readonly field: string;

  constructor(field: string, message: string) {
    super(message);
    this.name = 'GatewayInputError';
    this.field = field;
  }
}

export interface PaymentGateway {
  readonly name: string;
  /** SPKI PEM the browser encrypts card data with (`card_hash`). */
  publicKey(): Promise<string>;
  /** A declined card is a charge with status `refused`, not an error. */
  createCardCharge(input: { orderId: string; amount: number; cardHash: string; idempotencyKey: string }): Promise<Charge>;
  createPixCharge(input: { orderId: string; amount: number; idempotencyKey: string }): Promise<Charge>;
  getCharge(id: string): Promise<Charge | undefined>;
  /**
   * The charge created with this idempotency key, if any (PSPs such as Pagar.me and Stripe keep
   * charges by it): how an attempt whose answer was never recorded (the process died between the
   * PSP's answer and our commit, or the answer was lost) finds out what became of it.
   */
  findChargeByKey(idempotencyKey: string): Promise<Charge | undefined>;
  /**
   * Undoes a charge that no longer matches its order: a pending one is canceled (it can no
   * longer be paid), a paid one refunded. Answers the charge as it then is.
   */
  cancelCharge(id: string): Promise<Charge | undefined>;
  /** Which charge a webhook is about; the caller always re-reads it with `getCharge`. Null: not ours / malformed. */
  parseWebhook(body: unknown, headers: Record<string, string | string[] | undefined>): { chargeId: string } | null;
}
