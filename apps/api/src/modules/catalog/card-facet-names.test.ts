import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProduct, createUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/helpers';

/**
 * The catalogue's listing card filters read an option as people write it: by slug or display
 * name, in any case (a shared link with ?framework=PyTorch filters like ?framework=pytorch).
 */

let t: TestApp;

const modelCard = (framework: 'pytorch' | 'jax' | 'onnx' | 'llama-cpp') => ({
  model: {
    task: 'Classification',
    framework,
    model_format: 'onnx' as const,
    parameters: null,
    min_gpu_memory_gb: 4,
    runs_on_cpu: true,
  },
});

beforeAll(async () => {
  t = await createTestApp();
  const seller = await createUser(t.db, 'seller');
  await createProduct(t.db, seller, { title: 'Torch Tagger', category: 'models', license: 'mit', card: modelCard('pytorch') });
  await createProduct(t.db, seller, { title: 'Jax Ranker', category: 'models', license: 'mit', card: modelCard('jax') });
  await createProduct(t.db, seller, { title: 'Onnx Speller', category: 'models', license: 'mit', card: modelCard('onnx') });
  await createProduct(t.db, seller, { title: 'Local Llama', category: 'models', license: 'mit', card: modelCard('llama-cpp') });
  await createProduct(t.db, seller, {
    title: 'Self-run Translator',
    category: 'apis',
    license: 'commercial-team',
    card: { api: { hosting: 'self-hosted', rate_limit: '', languages: ['Python'] } },
  });
  await createProduct(t.db, seller, {
    title: 'Cloud Translator',
    category: 'apis',
    license: 'cc-by-nc-4.0',
    card: { api: { hosting: 'hosted', rate_limit: '100/min', languages: ['Go'] } },
  });
});
afterAll(async () => {
  await t.close();
});

const list = (query: string) => t.app.inject({ method: 'GET', url: `/api/v1/products/?${query}` });
const titles = async (query: string) => {
  const response = await list(query);
  expect(response.statusCode, query).toBe(200);
  return (response.json().products as { title: string }[]).map((p) => p.title).sort();
};

describe('listing card filters by name', () => {
  it('filter on a framework by its slug or display name, in any case', async () => {
    for (const value of ['pytorch', 'PyTorch', 'PYTORCH', '%20PyTorch%20'])
      expect(await titles(`framework=${value}`), value).toEqual(['Torch Tagger']);
    expect(await titles('framework=ONNX%20Runtime')).toEqual(['Onnx Speller']);
    expect(await titles('framework=onnx')).toEqual(['Onnx Speller']);
    expect(await titles('framework=llama.cpp')).toEqual(['Local Llama']);
    expect(await titles('framework=JAX&license=MIT')).toEqual(['Jax Ranker']);
  });

  it('filter on hosting and commercial use by name, in any case', async () => {
    expect(await titles('hosting=Self-hosted')).toEqual(['Self-run Translator']);
    expect(await titles('hosting=self%20hosted')).toEqual(['Self-run Translator']);
    expect(await titles('hosting=HOSTED')).toEqual(['Cloud Translator']);
    expect(await titles('category=apis&commercial_use=True')).toEqual(['Self-run Translator']);
  });

  it('answer the facet counts under the slug whatever name the filter used', async () => {
    const response = await list('framework=PyTorch');
    const facets = response.json().facets.framework as { value: string; count: number }[];
    expect(facets.find((facet) => facet.value === 'pytorch')?.count).toBe(1);
  });

  it('refuse an unknown framework or hosting with 422 and a clear message, never 500', async () => {
    const cases: [string, string, string][] = [
      ['framework=Caffe', 'framework', 'Unknown framework'],
      ['framework=py-torch-2', 'framework', 'Unknown framework'],
      ['hosting=both', 'hosting', 'hosting must be hosted or self-hosted'],
      ['hosting=cloud', 'hosting', 'hosting must be hosted or self-hosted'],
      ['commercial_use=no', 'commercial_use', 'commercial_use can only be true'],
    ];
    for (const [query, field, message] of cases) {
      const response = await list(query);
      expect(response.statusCode, query).toBe(422);
      expect(response.json().errors[0], query).toMatchObject({ field, message });
    }
  });
});
