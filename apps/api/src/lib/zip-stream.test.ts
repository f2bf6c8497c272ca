import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { readZip } from '../../test/zip';
import { createZipStream } from './zip-stream';

const entry = (name: string, content: string | Buffer) => {
  const data = Buffer.isBuffer(content) ? content : Buffer.from(content);
  return { name, size: data.length, modified: new Date('2026-05-01T10:20:30Z'), open: async () => Readable.from([data]) };
};

describe('streaming zip writer', () => {
  it('writes an archive an unzip tool reads back, CRCs checked, with the announced length', async () => {
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    const { stream, size } = createZipStream([
      entry('a/readme.md', '# hi\n'),
      entry('empty.txt', ''),
      entry('données/ünïcode.txt', 'ok'),
      entry('big.bin', big),
    ]);
    const bytes = await buffer(stream);
    expect(bytes.length).toBe(size);
    const files = await readZip(bytes);
    expect([...files.keys()]).toEqual(['a/readme.md', 'empty.txt', 'données/ünïcode.txt', 'big.bin']);
    expect(files.get('a/readme.md')).toBe('# hi\n');
    expect(files.get('empty.txt')).toBe('');
    expect(files.get('big.bin')?.length).toBe(big.length);
  });

  it('fails the stream when a file is not the size it was said to be', async () => {
    const liar = { name: 'short.bin', size: 10, modified: new Date(), open: async () => Readable.from([Buffer.from('abc')]) };
    await expect(buffer(createZipStream([liar]).stream)).rejects.toThrow(/expected 10 bytes, read 3/);
  });
});
