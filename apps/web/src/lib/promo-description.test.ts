import { afterEach, describe, expect, it } from 'vitest';
import { formatMoney } from './format';
import { switchLanguage } from './i18n';
import { promoDescription } from './promo-description';

describe('promo descriptions in the reader’s language', () => {
  afterEach(async () => {
    await switchLanguage('en');
  });

  it('translates what the marketplace writes: its defaults, the demo codes and a product’s own code', async () => {
    await switchLanguage('de');
    expect(promoDescription('SAVE10', '10% off your order')).toBe('10 % Rabatt auf Ihre Bestellung');
    expect(promoDescription('WELCOME', '$50 off your first order')).toBe(`${formatMoney(50)} Rabatt auf Ihre erste Bestellung`);
    expect(promoDescription('STUDENT', '15% student discount')).toBe('15 % Studentenrabatt');
    expect(promoDescription('SPRING', '12.5% off')).toBe('12,5 % Rabatt');
    expect(promoDescription('FIVE', '$5.00 off')).toBe(`${formatMoney(5)} Rabatt`);
    expect(promoDescription('CHATBOT20', '20% off Chatbot Builder')).toBe('20 % Rabatt auf Chatbot Builder');

    await switchLanguage('ja');
    expect(promoDescription('SAVE10', '10% off your order')).toBe('ご注文が10%オフ');
  });

  it('keeps English as it was, and shows any text an admin wrote as written', async () => {
    expect(promoDescription('SAVE10', '10% off your order')).toBe('10% off your order');
    await switchLanguage('fr');
    expect(promoDescription('SUMMER', 'Summer sale: 30% off everything')).toBe('Summer sale: 30% off everything');
    // "20% off X" is a product code's wording only when the code is that product's own.
    expect(promoDescription('SUMMER20', '20% off everything')).toBe('20% off everything');
  });
});
