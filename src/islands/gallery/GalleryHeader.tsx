import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { LOCALES } from '../../i18n/index.ts';
import { formatCardCode } from '@gallery/contract/card-code';
import { canBuy } from '../../lib/gallery.ts';
import { $cartFocus, $galleryAddress, galleryBackHref, openCards, openCart, openPrices, openSendPhotos } from '../../stores/gallery.ts';
import { $order } from '../../stores/order.ts';
import LanguageFlags from '../shared/LanguageFlags.tsx';
import { useOrganization, useOrganizationFailed, useShownIsland, useStore, useTranslate } from '../shared/page-stores.ts';
import { useHydrated } from '../shared/use-hydrated.ts';
import Icon from './icons.tsx';

/** Where the card's code goes in its translated label. */
const CODE_MARK = '\u0000';

/** The buttons and links a keyboard can reach inside the overflow menu, in order. */
const focusables = (menu: HTMLElement | null) => (menu ? [...menu.querySelectorAll<HTMLElement>('button:not([disabled]), a[href]')] : []);

/**
 * One compact row: back, the cart with its badge, then prices, cards, send photos and language.
 * On a wide screen those sit in the row with their words; on a phone (< 900 px, CSS) they fold
 * into a "more" disclosure (a button with aria-expanded: Enter or Space opens it, ↓ and ↑ walk
 * it, Escape or a click elsewhere closes it and Escape gives the focus back to the button).
 * Before the island hydrates the buttons wait disabled, never a click that does nothing (the back
 * link works without the island).
 */
export default function GalleryHeader() {
  useShownIsland();
  return useOrganizationFailed() ? null : <Header />;
}

function Header() {
  const t = useTranslate();
  const organization = useOrganization();
  const address = useStore($galleryAddress);
  const order = useStore($order).data;
  const cartButton = useRef<HTMLButtonElement>(null);
  // The cart, closed empty on a phone, gives the focus back to its button here.
  useEffect(() => $cartFocus.listen((request) => request?.on === 'button' && cartButton.current?.focus()), []);
  const code = address?.code ?? null;
  const backHref = galleryBackHref(address);
  /** "Card DE-MO00-001": which gallery this is, in the row (empty until the address is read); the code in one piece, never broken at a hyphen. */
  const [beforeCode = '', afterCode = ''] = code ? t('gallery.card', { code: CODE_MARK }).split(CODE_MARK) : [];
  const canSendPhoto = organization.canSendPhoto;
  // Laid out until the address is read (every gallery address names a card): a button appearing
  // then moved the whole row on a wide screen.
  const canManageCards = address === null || code !== null;
  // The prices and the cart badge: absent where nothing is sold online.
  const buy = canBuy(organization);
  const onPrices = buy ? openPrices : undefined;
  const cart = buy ? { items: order ? order.photos + order.videos : 0 } : undefined;
  const waiting = !useHydrated();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const nav = useRef<HTMLElement>(null);
  const toggle = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);

  // A click or a tap anywhere else closes the menu.
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', outside);
    return () => document.removeEventListener('pointerdown', outside);
  }, [open]);

  const moveFocus = (step: 1 | -1 | 'first' | 'last') => {
    const items = focusables(menu.current);
    if (items.length === 0) return;
    const at = items.indexOf(document.activeElement as HTMLElement);
    const next =
      step === 'first' ? 0 : step === 'last' ? items.length - 1 : at < 0 ? (step === 1 ? 0 : items.length - 1) : (at + step + items.length) % items.length;
    items[next]?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (!open) {
      if (event.key === 'ArrowDown' && event.target === toggle.current) {
        event.preventDefault();
        setOpen(true);
        requestAnimationFrame(() => moveFocus('first'));
      }
      return;
    }
    const keys: Record<string, Parameters<typeof moveFocus>[0]> = { ArrowDown: 1, ArrowUp: -1, Home: 'first', End: 'last' };
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      toggle.current?.focus();
    } else if (event.key in keys) {
      event.preventDefault();
      moveFocus(keys[event.key]!);
    }
  };

  /**
   * An action of the menu: it runs, and the menu folds away. From the folded menu (a phone) the
   * focus goes back to the menu's button first, so the modal the action opens gives it back there.
   */
  const act = (action: () => void) => () => {
    if (open) toggle.current?.focus();
    setOpen(false);
    action();
  };

  return (
    // The arrow keys walk the header's buttons (a toolbar's roving focus); each button is its own control.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <nav
      ref={nav}
      className="gallery-header"
      aria-label={t('gallery.actions')}
      onKeyDown={onKeyDown}
      onBlur={(event) => {
        // Tabbing out of the header folds the menu.
        if (open && !nav.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <a href={backHref} className="button secondary header-button">
        <Icon name="back" />
        <span className="header-label">{t('gallery.back')}</span>
      </a>
      <p className="gallery-card">
        {code && (
          <>
            {beforeCode}
            <span className="card-code">{formatCardCode(code)}</span>
            {afterCode}
          </>
        )}
      </p>
      {cart && (
        <button ref={cartButton} type="button" className="secondary header-button cart-badge" onClick={openCart} disabled={waiting}>
          <Icon name="cart" />
          <span className="header-label">{t('cart.title')}</span> <span className="badge">{cart.items}</span>
        </button>
      )}
      <button
        ref={toggle}
        type="button"
        className="secondary header-button gallery-more-toggle"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={t('gallery.more')}
        disabled={waiting}
        onClick={() => setOpen(!open)}
      >
        <Icon name="more" />
      </button>
      <div ref={menu} id={menuId} className={open ? 'gallery-more open' : 'gallery-more'}>
        {onPrices && (
          <button type="button" className="secondary header-button" onClick={act(onPrices)} disabled={waiting}>
            <Icon name="tag" />
            <span className="menu-label">{t('prices.open')}</span>
          </button>
        )}
        {canManageCards && (
          <button type="button" className="secondary header-button" onClick={act(openCards)} disabled={waiting}>
            <Icon name="cards" />
            <span className="menu-label">{t('gallery.manageCards')}</span>
          </button>
        )}
        {canSendPhoto && (
          <button type="button" className="secondary header-button" onClick={act(openSendPhotos)} disabled={waiting}>
            <Icon name="upload" />
            <span className="menu-label">{t('gallery.addPhoto')}</span>
          </button>
        )}
        <LanguageFlags locales={LOCALES} />
      </div>
    </nav>
  );
}
