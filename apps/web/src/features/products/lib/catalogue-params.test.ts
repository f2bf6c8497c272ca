import { describe, expect, it } from 'vitest';
import { readCatalogueParams, toProductQuery } from './catalogue-params';

const read = (query: string) => readCatalogueParams(new URLSearchParams(query));

describe('catalogue links', () => {
  it('read a listing card filter by slug or display name, in any case, and ask the server for the slug', () => {
    for (const framework of ['PyTorch', 'pytorch', 'PYTORCH']) {
      const params = read(`framework=${framework}`);
      expect(params.framework, framework).toBe('pytorch');
      expect(toProductQuery(params).framework).toBe('pytorch');
    }
    expect(read('framework=ONNX Runtime').framework).toBe('onnx');
    expect(read('framework=llama.cpp').framework).toBe('llama-cpp');
    expect(read('hosting=Self-hosted').hosting).toBe('self-hosted');
    expect(read('commercial_use=True').commercial_use).toBe('true');
    expect(read('license=MIT').license).toBe('mit');
  });

  it('drop a value the server would refuse, so a hand-edited link still shows a catalogue', () => {
    expect(read('framework=Caffe').framework).toBe('');
    expect(read('hosting=both').hosting).toBe('');
  });
});
