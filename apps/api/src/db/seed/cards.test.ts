import { CATEGORIES, cardKindOf, LICENSES, listingCardInputSchema, presentListingCard } from '@app/shared';
import { describe, expect, it } from 'vitest';
import { bulkCards, demoCard, demoLicense } from './cards';
import { PRODUCT_NAMES } from './catalogue-data';
import { DEMO_WEIGHT_FORMATS } from './weights';

describe('the demo and benchmark listing cards', () => {
  it('give every demo product a card its category asks for, valid by the shared schema', () => {
    const frameworks = new Set<string>();
    const gpu: number[] = [];
    for (const category of CATEGORIES)
      PRODUCT_NAMES[category.slug].forEach((title, index) => {
        const license = demoLicense(category.slug, index);
        expect(LICENSES.map((l) => l.slug)).toContain(license);
        const card = demoCard(category.slug, title, license, index);
        const parsed = listingCardInputSchema.safeParse(card);
        expect(parsed.success, `${title}: ${JSON.stringify(parsed.error?.issues)}`).toBe(true);
        const shown = presentListingCard(category.slug, license, card);
        const kind = cardKindOf(category.slug);
        if (kind) expect(shown[kind], title).not.toBeNull();
        if (license === 'custom') expect(shown.license_text).toBeTruthy();
        if (shown.model) {
          // The demo ships a real weights file in the card's format (weights.ts), so the card names one it can.
          expect(DEMO_WEIGHT_FORMATS, title).toContain(shown.model.model_format);
          frameworks.add(shown.model.framework);
          if (shown.model.min_gpu_memory_gb !== null) gpu.push(shown.model.min_gpu_memory_gb);
        }
      });
    // Spread enough for the catalogue's facets to mean something.
    expect(frameworks.size).toBeGreaterThanOrEqual(5);
    expect(gpu.some((gb) => gb <= 8)).toBe(true);
    expect(gpu.some((gb) => gb > 8)).toBe(true);
  });

  it('give a demo model the task its title names, not the next card in a list', () => {
    const taskOf = (category: 'models' | 'ml-modules', title: string) => {
      const index = PRODUCT_NAMES[category].indexOf(title);
      expect(index, title).toBeGreaterThanOrEqual(0);
      return demoCard(category, title, demoLicense(category, index), index).model;
    };
    expect(taskOf('ml-modules', 'Image Classification Module')?.task).toBe('Image classification');
    expect(taskOf('models', 'Product Image Classifier Model')?.task).toBe('Image classification');
    expect(taskOf('ml-modules', 'Object Detection Module')?.task).toBe('Object detection');
    expect(taskOf('ml-modules', 'Topic Modeling Toolkit')?.task).toBe('Topic modeling');
    expect(taskOf('ml-modules', 'Speaker Diarization Module')?.task).toBe('Speech recognition');
    expect(taskOf('models', 'Keyword Spotting Model')?.task).toBe('Speech recognition');
    expect(taskOf('models', 'Chatbot Intent Model')?.task).toBe('Text classification');
    expect(taskOf('ml-modules', 'Text Classification Pipeline')?.task).toBe('Text classification');
    const llm = taskOf('ml-modules', 'Fine-tuning Toolkit for LLMs');
    expect(llm?.task).toBe('Text generation');
    expect(llm?.min_gpu_memory_gb).toBeGreaterThan(8);
  });

  it('give the bulk catalogue a card per category and variant, each valid', () => {
    const { licenses, cards } = bulkCards(CATEGORIES.map((c) => c.slug));
    expect(cards).toHaveLength(licenses.length);
    for (const [i, text] of cards.entries()) {
      expect(listingCardInputSchema.safeParse(JSON.parse(text)).success, text).toBe(true);
      expect(LICENSES.map((l) => l.slug)).toContain(licenses[i]);
    }
    expect(new Set(licenses).size).toBeGreaterThanOrEqual(6);
  });
});
