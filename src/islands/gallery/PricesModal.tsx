import { useEffect, useId } from 'react';
import { canBuy } from '../../lib/gallery.ts';
import { $pricesOpen, closePrices } from '../../stores/gallery.ts';
import { useLocale, useOrganization, useStore, useTranslate } from '../shared/page-stores.ts';
import type { Translate } from '../../i18n/index.ts';
import type { Locale } from '../../i18n/index.ts';
import type { Product, Products } from '../../lib/api/types.ts';
import { formatMoney } from '@gallery/contract/money';
import { additionalItemPrice, defaultPriceTableRows, priceTable } from '@gallery/contract/price-table';
import { $products, loadProducts } from '../../stores/products.ts';
import Modal from '../shared/Modal.tsx';

interface Props {
  open: boolean;
  onClose: () => void;
  organizationId: number;
}

function countLabel(t: Translate, kind: Product['kind'], count: number): string {
  return t(kind === 'photo' ? 'prices.photoCount' : 'prices.videoCount', { count });
}

/** One product's table: what 1, 2 ... n items cost in all (section 9), then each one more. */
function ProductPrices({ product, locale }: { product: Product; locale: Locale }) {
  const t = useTranslate();
  const rows = priceTable(product.ranges, defaultPriceTableRows(product.ranges), null);
  const more = additionalItemPrice(product.ranges);
  if (rows.length === 0) return null;
  return (
    <table className="price-table">
      {/* The product's name in the visitor's language, by its kind: the provider's own text is Portuguese. */}
      <caption>{t(`prices.product.${product.kind}`)}</caption>
      <thead>
        <tr>
          <th scope="col">{t('prices.quantity')}</th>
          <th scope="col">{t('prices.total')}</th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.kind === 'count' ? row.count : row.kind}>
            <th scope="row">{row.kind === 'count' && countLabel(t, product.kind, row.count)}</th>
            <td>{formatMoney(row.total, locale)}</td>
          </tr>
        ))}
      </tbody>
      {more !== null && (
        <tfoot>
          <tr>
            <td colSpan={2}>{t(product.kind === 'photo' ? 'prices.eachMorePhoto' : 'prices.eachMoreVideo', { price: formatMoney(more, locale) })}</td>
          </tr>
        </tfoot>
      )}
    </table>
  );
}

function PriceTables({ products, locale }: { products: Products; locale: Locale }) {
  const t = useTranslate();
  const packageTitle = useId();
  // The package row appears only when it costs more than 0 (section 9).
  const [allDigital] = priceTable([], 0, products.allDigital);
  if (products.products.length === 0 && !allDigital) return <p>{t('prices.none')}</p>;
  return (
    <>
      {products.products.map((product) => (
        <ProductPrices key={product.id} product={product} locale={locale} />
      ))}
      {allDigital?.kind === 'all_digital' && (
        <section className="price-package" aria-labelledby={packageTitle}>
          <h3 id={packageTitle}>{t('prices.allDigital')}</h3>
          <p>
            {t('prices.allDigitalHint')}
            {allDigital.description && <span className="price-table-description"> ({allDigital.description})</span>}
          </p>
          <p className="price-package-total">{formatMoney(allDigital.total, locale)}</p>
        </section>
      )}
    </>
  );
}

/** The prices table modal of the gallery (sections 2 and 9): fetched when first opened. */
/** The prices table modal island: opened from the header and the cart, where buying is offered. */
export default function PricesModal() {
  const organization = useOrganization();
  const open = useStore($pricesOpen);
  if (!canBuy(organization)) return null;
  return <Prices open={open} onClose={closePrices} organizationId={organization.id} />;
}

function Prices({ open, onClose, organizationId }: Props) {
  const t = useTranslate();
  const locale = useLocale();
  const products = useStore($products);
  useEffect(() => {
    if (open) void loadProducts(organizationId);
  }, [open, organizationId]);

  return (
    <Modal open={open} title={t('prices.title')} onClose={onClose} focusTitle>
      <div aria-busy={products.loading}>
        {products.loading && <p role="status">{t('prices.loading')}</p>}
        {products.error && (
          <p role="alert" className="form-error">
            {t('prices.error')}{' '}
            <button type="button" className="secondary" onClick={() => void loadProducts(organizationId)}>
              {t('prices.retry')}
            </button>
          </p>
        )}
        {products.data && <PriceTables products={products.data} locale={locale} />}
      </div>
      <div className="modal-actions">
        <button type="button" onClick={onClose}>
          {t('prices.close')}
        </button>
      </div>
    </Modal>
  );
}
