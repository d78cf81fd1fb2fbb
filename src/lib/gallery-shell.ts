// The gallery's frame is static HTML around its islands; its classes follow the stores: what the
// gallery shows (data-view), whether buying is offered (the cart's column), and on phones no cart
// bar while the cart is empty and closed (gallery.css).
import { $galleryShell } from '../stores/gallery.ts';
import { EARLY_SLOT } from './gallery-early.ts';

const gallery = document.querySelector<HTMLElement>('.gallery');
if (gallery) {
  $galleryShell.subscribe(({ view, buy, cartEmpty }) => {
    gallery.dataset['view'] = view;
    // The page's first rows stand in for the first load only: a later one (other cards) shows none.
    if (view !== 'loading') document.querySelector(EARLY_SLOT)?.remove();
    gallery.classList.toggle('gallery-buy', buy);
    gallery.classList.toggle('cart-empty', buy && cartEmpty);
  });
}
