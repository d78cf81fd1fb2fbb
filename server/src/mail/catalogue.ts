import i18next from 'i18next';
import { CATALOGUE_OPTIONS, DEFAULT_LOCALE, LOCALES, type Locale } from '@gallery/contract/locales';

// The e-mails' texts in pt, en and es, read as the site reads its catalogues (src/i18n): i18next,
// flat dotted keys, `{placeholders}` and plural forms by `_one`/`_other` suffixes.

const pt = {
  'arrival.subject': 'Suas fotos chegaram: {organization}',
  'arrival.title': 'Suas fotos chegaram!',
  'arrival.intro': 'As fotos do cartão {code} já estão na galeria de {organization}.',
  'arrival.open': 'Ver minhas fotos',
  'arrival.noSite': 'Abra o site de {organization} e digite o código {code}.',
  'arrival.kept': 'Você pediu este aviso; seu endereço foi apagado depois deste e-mail.',
  'faces.subject': 'Suas fotos estão prontas para a busca: {organization}',
  'faces.title': 'Suas fotos estão prontas para a busca!',
  'faces.intro': 'Todas as fotos dos dias que você buscou em {organization} já foram processadas. Faça a busca facial de novo para encontrá-las.',
  'faces.open': 'Buscar minhas fotos',
  'faces.noSite': 'Abra o site de {organization} e faça a busca facial de novo.',
  'receipt.subject': 'Seu recibo de {organization}',
  'receipt.title': 'Obrigado pela sua compra!',
  'receipt.intro': 'Seu pagamento foi confirmado. Suas fotos estão prontas, sem marca d’água, e o ZIP fica a um clique na galeria.',
  'receipt.order': 'Pedido {id}',
  'receipt.items_one': '{description}: {count} item',
  'receipt.items_other': '{description}: {count} itens',
  'receipt.allDigital': '{description}: todas as fotos e vídeos',
  'receipt.total': 'Total: {total}',
  'receipt.paidPix': 'Pago com PIX',
  'receipt.paidCard': 'Pago com cartão {brand} final {last4}',
  'receipt.open': 'Abrir minhas fotos',
  'receipt.noSite': 'Para ver suas fotos, abra o site de {organization} e digite o código {code}.',
  'mail.unsubscribe': 'Não quer mais receber e-mails de {organization}?',
  'mail.unsubscribeLink': 'Cancelar inscrição',
  'unsubscribe.done': '{address} não receberá mais e-mails de {organization}.',
  'unsubscribe.unknown': 'Este link de cancelamento não é válido.',
  'notify.tooMany': 'Muitos pedidos para este endereço; tente mais tarde.',
};

type MailMessages = Record<keyof typeof pt, string>;
/** A message's key; a plural message goes by its base (`receipt.items` with a `count`). */
type MailKey = Exclude<keyof typeof pt, `${string}_${'one' | 'other'}`> | 'receipt.items';

const en: MailMessages = {
  'arrival.subject': 'Your photos are here: {organization}',
  'arrival.title': 'Your photos are here!',
  'arrival.intro': 'The photos of card {code} are now in the gallery of {organization}.',
  'arrival.open': 'See my photos',
  'arrival.noSite': 'Open the site of {organization} and type the code {code}.',
  'arrival.kept': 'You asked for this notice; your address was deleted after this e-mail.',
  'faces.subject': 'Your photos are ready to search: {organization}',
  'faces.title': 'Your photos are ready to search!',
  'faces.intro': 'Every photo of the days you searched at {organization} is now processed. Search with your selfie again to find them.',
  'faces.open': 'Search my photos',
  'faces.noSite': 'Open the site of {organization} and search with your selfie again.',
  'receipt.subject': 'Your receipt from {organization}',
  'receipt.title': 'Thank you for your purchase!',
  'receipt.intro': 'Your payment is confirmed. Your photos are ready, without watermark, and the ZIP is one click away in the gallery.',
  'receipt.order': 'Order {id}',
  'receipt.items_one': '{description}: {count} item',
  'receipt.items_other': '{description}: {count} items',
  'receipt.allDigital': '{description}: every photo and video',
  'receipt.total': 'Total: {total}',
  'receipt.paidPix': 'Paid with PIX',
  'receipt.paidCard': 'Paid with {brand} card ending in {last4}',
  'receipt.open': 'Open my photos',
  'receipt.noSite': 'To see your photos, open the site of {organization} and type the code {code}.',
  'mail.unsubscribe': 'No longer want e-mails from {organization}?',
  'mail.unsubscribeLink': 'Unsubscribe',
  'unsubscribe.done': '{address} will no longer receive e-mails from {organization}.',
  'unsubscribe.unknown': 'This unsubscribe link is not valid.',
  'notify.tooMany': 'Too many requests for this address; try later.',
};

const es: MailMessages = {
  'arrival.subject': 'Tus fotos llegaron: {organization}',
  'arrival.title': '¡Tus fotos llegaron!',
  'arrival.intro': 'Las fotos de la tarjeta {code} ya están en la galería de {organization}.',
  'arrival.open': 'Ver mis fotos',
  'arrival.noSite': 'Abre el sitio de {organization} e ingresa el código {code}.',
  'arrival.kept': 'Pediste este aviso; tu dirección se borró después de este e-mail.',
  'faces.subject': 'Tus fotos están listas para buscar: {organization}',
  'faces.title': '¡Tus fotos están listas para buscar!',
  'faces.intro': 'Todas las fotos de los días que buscaste en {organization} ya están procesadas. Vuelve a hacer la búsqueda facial para encontrarlas.',
  'faces.open': 'Buscar mis fotos',
  'faces.noSite': 'Abre el sitio de {organization} y vuelve a hacer la búsqueda facial.',
  'receipt.subject': 'Tu recibo de {organization}',
  'receipt.title': '¡Gracias por tu compra!',
  'receipt.intro': 'Tu pago está confirmado. Tus fotos están listas, sin marca de agua, y el ZIP está a un clic en la galería.',
  'receipt.order': 'Pedido {id}',
  'receipt.items_one': '{description}: {count} artículo',
  'receipt.items_other': '{description}: {count} artículos',
  'receipt.allDigital': '{description}: todas las fotos y vídeos',
  'receipt.total': 'Total: {total}',
  'receipt.paidPix': 'Pagado con PIX',
  'receipt.paidCard': 'Pagado con tarjeta {brand} terminada en {last4}',
  'receipt.open': 'Abrir mis fotos',
  'receipt.noSite': 'Para ver tus fotos, abre el sitio de {organization} e ingresa el código {code}.',
  'mail.unsubscribe': '¿Ya no quieres recibir e-mails de {organization}?',
  'mail.unsubscribeLink': 'Cancelar suscripción',
  'unsubscribe.done': '{address} ya no recibirá e-mails de {organization}.',
  'unsubscribe.unknown': 'Este enlace de cancelación no es válido.',
  'notify.tooMany': 'Demasiadas solicitudes para esta dirección; inténtalo más tarde.',
};

const catalogues: Record<Locale, MailMessages> = { pt, en, es };

// The sites' catalogue rules; the HTML builder escapes what it puts in markup, the plain-text part
// needs the raw values.
const instance = i18next.createInstance({
  ...CATALOGUE_OPTIONS,
  lng: DEFAULT_LOCALE,
  resources: Object.fromEntries(LOCALES.map((locale) => [locale, { translation: catalogues[locale] }])),
});
void instance.init();

export type MailTranslate = (key: MailKey, params?: Record<string, string | number>) => string;

export function mailTranslator(locale: Locale): MailTranslate {
  const t = instance.getFixedT(locale);
  return (key, params = {}) => t(key, params);
}
