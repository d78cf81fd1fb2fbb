import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import { allDigitalSaving } from '@gallery/contract/cart';
import { purchaseErrorKey } from '../../lib/cart.ts';
import { canBuy, unsoldMedia } from '../../lib/gallery.ts';
import { formatMoney } from '@gallery/contract/money';
import { openCheckout } from '../../stores/checkout.ts';
import { $cartExpanded, $cartFocus, focusCartButton, openPrices, syncGalleryOrder, toggleCart } from '../../stores/gallery.ts';
import { $media } from '../../stores/media.ts';
import { $order, setAllDigital } from '../../stores/order.ts';
import { $products } from '../../stores/products.ts';
import { useLocale, useOrganization, useOrganizationFailed, useShownIsland, useStore, useTranslate } from '../shared/page-stores.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import OrderTotals from './OrderTotals.tsx';
import Tooltip from './Tooltip.tsx';
import './gallery.css';

/** The gallery's side column where buying is offered: what the cart holds and costs, and the package. */
export default function CartPanel() {
  useShownIsland();
  const buy = canBuy(useOrganization());
  if (useOrganizationFailed() || !buy) return null;
  return (
    <div className="gallery-side">
      <Cart />
    </div>
  );
}

function Cart() {
  const t = useTranslate();
  const locale = useLocale();
  const order = useStore($order);
  const products = useStore($products).data;
  // The media the visitor may buy (for what the package saves), on every page.
  const media = useStore($media).data;
  const notSold = useMemo(() => (media ? unsoldMedia(media) : []), [media]);
  const expanded = useStore($cartExpanded);
  const panel = useRef<HTMLElement>(null);
  // The header's cart button opens the cart: the panel comes into view and takes the focus.
  useEffect(
    () =>
      $cartFocus.listen((request) => {
        if (request?.on !== 'panel') return;
        panel.current?.scrollIntoView({ block: 'nearest' });
        panel.current?.focus({ preventScroll: true });
      }),
    [],
  );
  const expandButton = useRef<HTMLButtonElement>(null);
  const onToggle = () => {
    flushSync(toggleCart);
    // Closing an empty cart takes its bar away on phones: the focus goes back to the header's cart button.
    if (panel.current?.getClientRects().length === 0) focusCartButton();
  };
  // A phone's open cart folds on Escape, as a sheet does; the focus stays on its bar's button.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'Escape' || !expanded) return;
    event.preventDefault();
    onToggle();
    if (panel.current?.getClientRects().length) expandButton.current?.focus();
  };
  // The package box shows the visitor's choice at once; the order follows when the API answers.
  const [packageWanted, setPackageWanted] = useState<boolean | null>(null);
  const choosePackage = async (wanted: boolean) => {
    setPackageWanted(wanted);
    await setAllDigital(wanted);
    setPackageWanted(null);
  };
  const headingId = useId();
  const bodyId = useId();
  // The bar's button is in the page before the island hydrates: it waits disabled until then.
  const hydrated = useHydrated();
  const money = (cents: number) => formatMoney(cents, locale);
  const data = order.data;
  const items = data ? data.photos + data.videos : 0;
  const allDigital = products?.allDigital ?? null;
  const saving = products ? allDigitalSaving(products, notSold) : 0;
  // No product, or nothing unsold on these cards (all bought, or none yet): no "+" to point at.
  const nothingOnSale = (products !== null && products.products.length === 0 && !allDigital) || (media !== null && notSold.length === 0);

  return (
    // Escape folds the open cart wherever the focus is inside it (the keys of its controls stay theirs).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section ref={panel} tabIndex={-1} className={expanded ? 'cart-panel expanded' : 'cart-panel'} aria-labelledby={headingId} onKeyDown={onKeyDown}>
      <div className="cart-bar">
        <h2 id={headingId}>{t('cart.title')}</h2>
        <p className="cart-summary" role="status">
          {data && t('cart.summary', { count: items, total: money(data.total) })}
        </p>
        <button
          ref={expandButton}
          type="button"
          className="secondary cart-expand"
          aria-expanded={expanded}
          aria-controls={bodyId}
          onClick={onToggle}
          disabled={!hydrated}
        >
          {t(expanded ? 'cart.hide' : 'cart.show')}
        </button>
      </div>
      {/* Above the body, so a phone's folded bar shows it too (the gallery keeps the bar while there is one). */}
      {order.error && (
        <p role="alert" className="form-error cart-alert">
          {!data ? (
            <>
              {t('cart.loadError')}{' '}
              <button type="button" className="secondary" onClick={syncGalleryOrder}>
                {t('cart.retry')}
              </button>
            </>
          ) : order.error === 'ORDER_CLOSED' ? (
            // Paid meanwhile (a PIX paid after the checkout was closed): the page shows it bought.
            <>
              {t('cart.closed')}{' '}
              <button type="button" className="secondary" onClick={() => window.location.reload()}>
                {t('cart.reload')}
              </button>
            </>
          ) : (
            t(purchaseErrorKey(order.error) ?? 'cart.changeError')
          )}
        </p>
      )}
      <div id={bodyId} className="cart-body">
        {!data && order.loading && <p role="status">{t('cart.loading')}</p>}
        {data && (
          <>
            {items === 0 && <p className="hint">{t(nothingOnSale ? 'prices.none' : 'cart.hint')}</p>}
            <OrderTotals order={data} />
            {/* Section 2's product modal: what is sold and at what price, from the cart itself. */}
            {!nothingOnSale && (
              <button type="button" className="secondary small cart-products" onClick={openPrices}>
                {t('cart.products')}
              </button>
            )}
            {/* Offered only where it saves something (the API's rule too); once taken it can be taken out. */}
            {allDigital && (saving > 0 || data.allDigitalId !== null) && (
              <p className="cart-package">
                <label>
                  <input
                    type="checkbox"
                    checked={packageWanted ?? data.allDigitalId !== null}
                    disabled={packageWanted !== null}
                    onChange={(event) => void choosePackage(event.currentTarget.checked)}
                  />{' '}
                  {t('cart.allDigital', { price: money(allDigital.price) })}
                </label>{' '}
                {saving > 0 && <Tooltip label={t('cart.discountLabel')} text={t('cart.discount', { saving: money(saving) })} />}
              </p>
            )}
            <button type="button" disabled={data.total <= 0 || order.loading} onClick={() => void openCheckout(locale)}>
              {t('cart.finish')}
            </button>
          </>
        )}
      </div>
    </section>
  );
}
