// A card number by the card library's rule: a known brand's prefix and lengths, and the Luhn
// check. The card form and the payment sandbox both apply it, so a number one takes the other takes.
import cardValidator from 'card-validator';

/** The digits of a card number (no spaces or dashes) make a valid card number. */
export function isCardNumber(digits: string): boolean {
  return cardValidator.number(digits).isValid;
}
