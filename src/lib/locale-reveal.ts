// Pages are rendered in pt. A visitor who chose en or es must never see pt flash first: a head
// script (Base.astro) hides the page while that language is pending. It shows once the page's
// static texts and every island that shows text at once (client:load or client:after-photos, see useShownIsland) have
// rendered it; the head script's timer shows it anyway after a few seconds.

let islands = 0;
let staticTexts = false;

function reveal(): void {
  const root = document.documentElement;
  if (!('localePending' in root.dataset) || !staticTexts) return;
  if (islands < document.querySelectorAll('astro-island[client="load"], astro-island[client="after-photos"]').length) return;
  delete root.dataset['localePending'];
}

/** An island rendered the visitor's language. */
export function islandShown(): void {
  islands += 1;
  reveal();
}

/** The page's static texts are in the visitor's language. */
export function staticTextsShown(): void {
  staticTexts = true;
  reveal();
}

/** Runs `then` once the page shows (at once unless its language is pending): a hidden field takes no focus. */
export function afterReveal(then: () => void): void {
  const root = document.documentElement;
  if (!('localePending' in root.dataset)) return then();
  const observer = new MutationObserver(() => {
    if ('localePending' in root.dataset) return;
    observer.disconnect();
    then();
  });
  observer.observe(root, { attributes: true, attributeFilter: ['data-locale-pending'] });
}
