// The stores the islands meet in (issue 27), driven as islands drive them, with nanostores' own
// test helpers; the API is the real client over a fake network.
import { allTasks, cleanStores, keepMount } from 'nanostores';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { baseCatalogues } from '../../src/i18n/catalogues.ts';
import { $cartExpanded, $cartFocus, $galleryAddress, $galleryShell, openCart, toggleCart } from '../../src/stores/gallery.ts';
import { $chosenForm, chooseForm, shownForm } from '../../src/stores/home.ts';
import { $prerenderedT, $t } from '../../src/stores/i18n.ts';
import { $locale } from '../../src/stores/locale.ts';
import { $media } from '../../src/stores/media.ts';
import { $order } from '../../src/stores/order.ts';
import { $liveOrganization, $organization, $organizationFailed, loadOrganization } from '../../src/stores/organization.ts';
import { bakePage } from '../../src/stores/page.ts';
import type { Order } from '../../src/lib/api/types.ts';
import { organizationFromWire, type Organization } from '../../src/tenant/organization.ts';
import { wireOrganization } from '../factories/organization.ts';

const baked: Organization = organizationFromWire(wireOrganization(), { url: null, height: 80 });

/** The network the real API client calls: the organization's answer, or none at all. */
function network(answer: 'organization' | 'down', change: Parameters<typeof wireOrganization>[0] = {}): string[] {
  const asked: string[] = [];
  vi.stubGlobal('fetch', async (url: string) => {
    asked.push(new URL(url).pathname);
    if (answer === 'down') throw new TypeError('fetch failed');
    return new Response(JSON.stringify({ error: false, organization: wireOrganization(change) }), { status: 200 });
  });
  return asked;
}

afterEach(() => {
  cleanStores(
    $organization,
    $liveOrganization,
    $organizationFailed,
    $t,
    $prerenderedT,
    $locale,
    $chosenForm,
    $galleryShell,
    $galleryAddress,
    $cartExpanded,
    $cartFocus,
    $media,
    $order,
  );
  vi.unstubAllGlobals();
});

describe('the texts ($t)', () => {
  it("translates in the visitor's language; the prerendered texts stay pt for hydration", () => {
    bakePage(baseCatalogues, baked);
    keepMount($t);
    expect($t.get()('home.title')).toBe('Encontre suas fotos');
    $locale.set('en');
    expect($t.get()('home.title')).toBe('Find your photos');
    expect($prerenderedT.get()('home.title')).toBe('Encontre suas fotos');
  });
});

describe('the organization', () => {
  it('is the baked one until the API answers, asked once the first island watches it', async () => {
    const asked = network('organization', { has_facial_recognition: true });
    bakePage(baseCatalogues, baked);
    expect(asked).toEqual([]);
    keepMount($liveOrganization);
    expect($liveOrganization.get().hasFacialRecognition).toBe(false);
    await allTasks();
    expect(asked).toEqual(['/api/v1/organization/parque']);
    expect($liveOrganization.get().hasFacialRecognition).toBe(true);
    expect($organizationFailed.get()).toBe(false);
  });

  it('fails when the API cannot be reached; the retry loads it again', async () => {
    network('down');
    bakePage(baseCatalogues, baked);
    keepMount($organizationFailed);
    await allTasks();
    expect($organizationFailed.get()).toBe(true);
    network('organization');
    await loadOrganization();
    expect($organizationFailed.get()).toBe(false);
  });
});

describe('the home', () => {
  it("shows the organization's initial form until the visitor switches", () => {
    const customerFirst = { ...baked, initialForm: 'customer' as const };
    expect(shownForm($chosenForm.get(), customerFirst)).toBe('customer');
    // Without customer fields the customer form cannot be first: the card form is.
    expect(shownForm(null, { ...customerFirst, customerFormFields: [] })).toBe('card');
    chooseForm('credential');
    expect(shownForm($chosenForm.get(), customerFirst)).toBe('credential');
  });
});

describe('the gallery frame', () => {
  it('follows the address, the media, buying and the cart', () => {
    network('organization');
    bakePage(baseCatalogues, baked);
    keepMount($galleryShell);
    expect($galleryShell.get()).toEqual({ view: 'loading', buy: true, cartEmpty: true });
    $galleryAddress.set({ code: 'DEMO00001', cards: [], credential: null, send: false });
    $media.set({ loading: false, error: 'CARD_NOT_FOUND', data: null });
    expect($galleryShell.get().view).toBe('problem');
    // The header's cart button opens the cart (no longer an empty, closed bar) and asks it for the focus.
    openCart();
    expect($galleryShell.get().cartEmpty).toBe(false);
    expect($cartFocus.get()).toEqual({ on: 'panel' });
    toggleCart();
    expect($galleryShell.get().cartEmpty).toBe(true);
    const order: Order = {
      id: 'o1',
      cards: ['DEMO00001'],
      items: [],
      allDigitalId: null,
      photos: 1,
      videos: 0,
      total: 1000,
      status: 0,
      completed: false,
      customer: null,
    };
    $order.set({ loading: false, error: null, data: order });
    expect($galleryShell.get().cartEmpty).toBe(false);
  });
});
