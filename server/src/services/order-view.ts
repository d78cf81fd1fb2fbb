// What an order is worth (its lines and total by the price table) and how it is answered.
import { priceForCount } from '@gallery/contract/price-table';
import type { WireOrganization } from '@gallery/contract/organization';
import type { WireAddress, WireCustomer, WireOrder, WireOrderLine, WireOrderMediaRef, WirePaymentStatus } from '@gallery/contract/shop';
import type { Db } from '../db.ts';
import { ApiError } from '../errors.ts';
import { listMediaOfCards, type CardMediaRow } from '../repositories/media.ts';
import { listOrderCards, listOrderItems, type OrderRow } from '../repositories/orders.ts';
import { findOrganizationCached } from '../repositories/organizations.ts';
import { listPayments, type PaymentRow } from '../repositories/payments.ts';
import { ORDER_STATUS } from '../schema.ts';
import { pricedProducts } from './products.ts';
import { maskCustomer, type StoredCustomer } from './shop-customer.ts';
import { isSold, type SoldFields } from './sold.ts';

/** Everything an order is worth, derived from its rows and the price table. */
export interface OrderView {
  order: OrderRow;
  organization: WireOrganization;
  cards: Array<{ card_id: string; code: string }>;
  lines: WireOrderLine[];
  total: number;
  photos: number;
  videos: number;
  /** Which media a payment sells: the items, or every media of the cards for the package. */
  mediaToSell: string[];
}

const ref = (media: Pick<CardMediaRow, 'id' | 'kind'>): WireOrderMediaRef =>
  media.kind === 'video' ? { video: { id: media.id } } : { photo: { id: media.id } };

/** Reads what the order is worth; `organization` when the caller has it already. */
export async function viewOrder(db: Db, order: OrderRow, organization?: WireOrganization): Promise<OrderView> {
  organization ??= await findOrganizationCached(db, order.organization_id);
  if (!organization) throw new ApiError(404, 'ORDER_NOT_FOUND');
  // What this order may still sell: media nobody else sold (sold by this order once it is paid).
  const buyable = (media: SoldFields) => media.sold_order_id === order.id || !isSold(media, organization);
  const cards = await listOrderCards(db, order.id);
  const items = await listOrderItems(db, order.id);
  const products = await pricedProducts(db, [...new Set(items.map((item) => item.product_id))]);
  const packageItem = items.find((item) => item.media_id === null);
  const packageProduct = packageItem && products.get(packageItem.product_id);
  if (packageProduct) {
    // The all-digital package covers every media of the order's cards; the per-item choices
    // stay stored (removing the package brings them back) but cost nothing meanwhile.
    const media = await listMediaOfCards(
      db,
      cards.map((card) => card.card_id),
    );
    const sellable = media.filter((row) => row.kind !== 'extra');
    const total = packageProduct.packagePrice;
    return {
      order,
      organization,
      cards,
      lines: [
        {
          id: packageProduct.row.id,
          product_id: packageProduct.row.id,
          product_type: { is_video: true, is_photo: true },
          all_digital: true,
          items: sellable.map(ref),
          total,
        },
      ],
      total,
      photos: sellable.filter((row) => row.kind === 'photo').length,
      videos: sellable.filter((row) => row.kind === 'video').length,
      mediaToSell: media.filter(buyable).map((row) => row.id),
    };
  }
  const lines = new Map<number, WireOrderLine>();
  const mediaToSell: string[] = [];
  let photos = 0;
  let videos = 0;
  for (const item of items) {
    const product = products.get(item.product_id);
    if (!product || item.media_id === null || item.kind === null || item.kind === 'extra') continue;
    // Sold meanwhile by another order (or at the venue): no longer in this cart's price.
    if (!buyable({ sold_at_venue: item.sold_at_venue ?? 0, sold_order_id: item.sold_order_id })) continue;
    let line = lines.get(product.row.id);
    if (!line) {
      line = {
        id: product.row.id,
        product_id: product.row.id,
        product_type: { is_video: product.row.is_video === 1, is_photo: product.row.is_photo === 1 },
        all_digital: false,
        items: [],
        total: 0,
      };
      lines.set(product.row.id, line);
    }
    line.items.push(ref({ id: item.media_id, kind: item.kind }));
    mediaToSell.push(item.media_id);
    if (item.kind === 'video') videos++;
    else photos++;
  }
  let total = 0;
  for (const line of lines.values()) {
    line.total = priceForCount(products.get(line.id)?.ranges ?? [], line.items.length);
    total += line.total;
  }
  return {
    order,
    organization,
    cards,
    lines: [...lines.values()],
    total,
    photos,
    videos,
    mediaToSell,
  };
}

/**
 * What an order just made is worth, from what made it (no read): its cards, in the order they
 * were added, and nothing in it yet.
 */
export function newOrderView(order: OrderRow, organization: WireOrganization, cards: ReadonlyArray<{ id: string; code: string }>): OrderView {
  return {
    order,
    organization,
    cards: cards.map((card) => ({ card_id: card.id, code: card.code })),
    lines: [],
    total: 0,
    photos: 0,
    videos: 0,
    mediaToSell: [],
  };
}

/**
 * The buyer as the order answers it to its own browser. An open order shows everything (its
 * checkout pre-fills from it); a paid or canceled one no longer needs the document and phone
 * numbers, so it masks them.
 */
function wireCustomer(order: OrderRow): WireCustomer | null {
  if (!order.customer) return null;
  const stored = JSON.parse(order.customer) as StoredCustomer;
  const customer = order.status === ORDER_STATUS.open ? stored : maskCustomer(stored);
  const addresses = order.address ? [JSON.parse(order.address) as WireAddress] : [];
  return { ...customer, addresses };
}

/**
 * The order as answered. Only its own browser (`owner`: the call proved its visitor key) reads
 * what is personal: the buyer and their address, the card's last digits, and the cards and media,
 * which lead to the buyer's photos. Anyone else who has the id reads its state and totals only.
 * `payments` when the caller knows them (an order just made has none).
 */
export async function wireOrder(db: Db, view: OrderView, { owner }: { owner: boolean }, payments?: readonly PaymentRow[]): Promise<WireOrder> {
  const first = view.cards.find((card) => card.card_id === view.order.first_card_id);
  return {
    id: view.order.id,
    card_code: owner ? (first?.code ?? view.cards[0]?.code ?? '') : '',
    organization_id: view.order.organization_id,
    cards: owner ? view.cards.map((card) => ({ card: card.code })) : [],
    items: owner ? view.lines : [],
    photos_count: view.photos,
    videos_count: view.videos,
    total: view.total,
    status: view.order.status as WireOrder['status'],
    completed: view.order.status === ORDER_STATUS.paid,
    finished: view.order.finished_at !== null,
    customer: owner ? wireCustomer(view.order) : null,
    payments: (payments ?? (await listPayments(db, view.order.id))).map((payment) => ({
      modality: payment.method,
      status: payment.status.toUpperCase() as WirePaymentStatus,
      amount: payment.amount_cents,
      card_last4: owner ? payment.card_last4 : null,
      card_brand: owner ? payment.card_brand : null,
    })),
  };
}

/** What paying the order now would sell: its total and its media (sorted), as payments keep it. */
export interface Sale {
  amount: number;
  mediaIds: string[];
}

export function saleOf(view: OrderView): Sale {
  return { amount: view.total, mediaIds: [...new Set(view.mediaToSell)].sort() };
}

export function sameSale(a: Sale, b: Sale): boolean {
  return a.amount === b.amount && a.mediaIds.length === b.mediaIds.length && a.mediaIds.every((id, n) => id === b.mediaIds[n]);
}
