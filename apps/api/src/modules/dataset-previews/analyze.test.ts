import { Readable } from 'node:stream';
import { DATASET_CANDIDATE_ROWS, type DatasetColumn } from '@app/shared';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { analyzeDataset, DEFAULT_PREVIEW_LIMITS, type PreviewLimits } from './analyze';
import { HyperLogLog, hash53 } from './column-stats';

const LIMITS: PreviewLimits = { ...DEFAULT_PREVIEW_LIMITS, tempDir: '/tmp/helper-dataset-tests' };
const streamOf = (text: string | Buffer, chunk = 7) => {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  // Small chunks: records, quotes and multi-byte characters cut across chunk edges.
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += chunk) chunks.push(bytes.subarray(at, at + chunk));
  return Readable.from(chunks);
};
const column = (columns: DatasetColumn[], name: string) => columns.find((c) => c.name === name) as DatasetColumn;

describe('analyzeDataset', () => {
  it('reads CSV with quoted delimiters, quotes and newlines in fields, a BOM and multi-byte text', async () => {
    const csv = [
      '\uFEFFid,name,score,city,joined,empty',
      '1,"Smith, Ann",9.5,"New',
      'York",2024-01-02,',
      '2,"Say ""hi""",7,Zürich,2023-05-06,',
      '3,Bob,,Zürich,,',
      '4,Ünal,12,Zürich,2022-12-31,',
    ].join('\r\n');
    const result = await analyzeDataset(streamOf(csv), 'csv', LIMITS);
    expect(result).toMatchObject({ status: 'ready', failure: null, rowCount: 4 });
    expect(result.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'integer'],
      ['name', 'string'],
      ['score', 'number'],
      ['city', 'string'],
      ['joined', 'date'],
      ['empty', 'empty'],
    ]);
    expect(column(result.columns, 'score')).toMatchObject({ empty_share: 0.25, min: 7, max: 12, distinct_count: 3 });
    expect(column(result.columns, 'score').mean).toBeCloseTo(28.5 / 3, 5);
    expect(column(result.columns, 'city')).toMatchObject({
      distinct_count: 2,
      distinct_estimated: false,
      min: null,
      top_values: [{ value: 'Zürich', count: 3 }],
    });
    expect(column(result.columns, 'empty')).toMatchObject({ empty_share: 1, distinct_count: 0 });
    expect(result.candidateRows[0]).toEqual(['1', 'Smith, Ann', '9.5', 'New\r\nYork', '2024-01-02', null]);
    expect(result.candidateRows[1]?.[1]).toBe('Say "hi"');
  });

  it('reads TSV, naming blank and repeated headers', async () => {
    const tsv = 'word\tcount\t\tcount\nalpha\t3\tx\t1\nbeta\t5\ty\t2\n';
    const result = await analyzeDataset(streamOf(tsv), 'tsv', LIMITS);
    expect(result.status).toBe('ready');
    expect(result.columns.map((c) => c.name)).toEqual(['word', 'count', 'column_3', 'count_2']);
    expect(column(result.columns, 'count')).toMatchObject({ type: 'integer', min: 3, max: 5, mean: 4 });
    expect(result.candidateRows).toEqual([
      ['alpha', '3', 'x', '1'],
      ['beta', '5', 'y', '2'],
    ]);
  });

  it('reads JSON Lines: keys become columns in order of appearance, missing keys count as empty, typed values keep their type', async () => {
    const lines = [
      '{"text":"good film","label":1,"ok":true}',
      '',
      '{"text":"bad film","label":0,"ok":false,"meta":{"src":"imdb"}}',
      '{"text":"fine","label":null}',
    ].join('\n');
    const result = await analyzeDataset(streamOf(lines), 'jsonl', LIMITS);
    expect(result).toMatchObject({ status: 'ready', rowCount: 3 });
    expect(result.columns.map((c) => [c.name, c.type])).toEqual([
      ['text', 'string'],
      ['label', 'integer'],
      ['ok', 'boolean'],
      ['meta', 'string'],
    ]);
    expect(column(result.columns, 'label')).toMatchObject({ empty_share: 0.3333, min: 0, max: 1 });
    expect(column(result.columns, 'meta').empty_share).toBe(0.6667);
    expect(result.candidateRows[1]).toEqual(['bad film', '0', 'false', '{"src":"imdb"}']);
    expect(result.candidateRows[2]).toEqual(['fine', null, null, null]);
  });

  it('reads a Parquet file written by hyparquet-writer, over several row groups', async () => {
    const count = 2_500;
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: Int32Array.from({ length: count }, (_, i) => i + 1), type: 'INT32' },
        { name: 'label', data: Array.from({ length: count }, (_, i) => (i % 5 === 0 ? null : `class-${i % 3}`)), type: 'STRING' },
        { name: 'score', data: Float64Array.from({ length: count }, (_, i) => i / 4), type: 'DOUBLE' },
        { name: 'flag', data: Array.from({ length: count }, (_, i) => i % 2 === 0), type: 'BOOLEAN' },
      ],
      rowGroupSize: 1_000,
    });
    const result = await analyzeDataset(streamOf(Buffer.from(buffer), 64 * 1024), 'parquet', LIMITS);
    expect(result).toMatchObject({ status: 'ready', rowCount: count });
    expect(result.columns.map((c) => [c.name, c.type])).toEqual([
      ['id', 'integer'],
      ['label', 'string'],
      ['score', 'number'],
      ['flag', 'boolean'],
    ]);
    expect(column(result.columns, 'id')).toMatchObject({ min: 1, max: count, mean: (count + 1) / 2, empty_share: 0 });
    expect(column(result.columns, 'id').distinct_count).toBeGreaterThan(count * 0.95);
    expect(column(result.columns, 'id').distinct_count).toBeLessThanOrEqual(count);
    expect(column(result.columns, 'label')).toMatchObject({ empty_share: 0.2, distinct_count: 3 });
    expect(column(result.columns, 'label').top_values).toHaveLength(3);
    expect(result.candidateRows).toHaveLength(DATASET_CANDIDATE_ROWS);
    expect(result.candidateRows[0]).toEqual(['1', null, '0', 'true']);
    expect(result.candidateRows[1]).toEqual(['2', 'class-1', '0.25', 'false']);
  });

  it('gives a malformed file a clear reason and no preview, never an exception', async () => {
    const ragged = await analyzeDataset(streamOf('a,b\n1,2\n3,4,5\n'), 'csv', LIMITS);
    expect(ragged).toMatchObject({
      status: 'failed',
      rowCount: 0,
      columns: [],
      candidateRows: [],
      failure: { code: 'malformed', message: 'The file could not be read as CSV: no preview was made' },
    });
    expect(ragged.failure?.detail).toMatch(/line 3/);
    const unclosed = await analyzeDataset(streamOf('a,b\n"1,2\n'), 'csv', LIMITS);
    expect(unclosed.failure?.code).toBe('malformed');
    const binary = await analyzeDataset(streamOf(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 10, 1, 2])), 'csv', LIMITS);
    expect(binary.failure?.code).toBe('malformed');
    const json = await analyzeDataset(streamOf('{"a":1}\n{"a":\n'), 'jsonl', LIMITS);
    expect(json.failure).toEqual({
      code: 'malformed',
      message: 'The file could not be read as JSON Lines: no preview was made',
      detail: 'line 2: not valid JSON',
    });
    const array = await analyzeDataset(streamOf('[1,2]\n'), 'jsonl', LIMITS);
    expect(array.failure?.detail).toBe('line 1: not a JSON object');
    const parquet = await analyzeDataset(streamOf('PAR1 but not really a parquet file'), 'parquet', LIMITS);
    expect(parquet.failure).toMatchObject({
      code: 'malformed',
      message: 'The file could not be read as Parquet: no preview was made',
    });
    const empty = await analyzeDataset(streamOf('a,b\n'), 'csv', LIMITS);
    expect(empty.failure).toMatchObject({ code: 'empty', message: 'The file holds no rows to preview' });
    const longLine = await analyzeDataset(streamOf(`{"a":"${'x'.repeat(2048)}"}\n`, 512), 'jsonl', {
      ...LIMITS,
      maxRecordBytes: 1024,
    });
    expect(longLine.failure?.code).toBe('malformed');
  });

  it('stops a file that takes longer than its time and says so', async () => {
    const rows = Array.from({ length: 5_000 }, (_, i) => `${i},x`).join('\n');
    const result = await analyzeDataset(streamOf(`a,b\n${rows}`, 4096), 'csv', { ...LIMITS, maxMilliseconds: -1 });
    expect(result.failure).toMatchObject({ code: 'too_slow', message: 'The file took too long to read for a preview' });
  });

  it('reads a file of several MB as a stream in bounded memory, with estimated distinct counts', async () => {
    const rows = 150_000;
    let produced = 0;
    async function* generate() {
      yield Buffer.from('id,email,country,amount,comment\n');
      const countries = ['DE', 'FR', 'US', 'JP', 'CN', 'ES'];
      for (let start = 0; start < rows; start += 1_000) {
        let chunk = '';
        for (let i = start; i < start + 1_000; i += 1) {
          chunk += `${i},user${i}@example.org,${countries[i % 6]},${(i % 997) + 0.5},"a comment, with a comma and ""quotes"" number ${i % 40}"\n`;
        }
        produced += chunk.length;
        yield Buffer.from(chunk);
      }
    }
    global.gc?.();
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const timer = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    }, 5);
    const result = await analyzeDataset(Readable.from(generate()), 'csv', LIMITS);
    clearInterval(timer);
    expect(produced).toBeGreaterThan(10 * 1024 * 1024);
    expect(result).toMatchObject({ status: 'ready', rowCount: rows });
    // The file is > 10 MB of text (> 20 MB as JS strings): what is held stays far below it.
    expect(peak - before).toBeLessThan(64 * 1024 * 1024);
    const email = column(result.columns, 'email');
    expect(email.distinct_estimated).toBe(true);
    expect(Math.abs(email.distinct_count - rows) / rows).toBeLessThan(0.05);
    expect(column(result.columns, 'country')).toMatchObject({ distinct_count: 6, distinct_estimated: false });
    expect(column(result.columns, 'country').top_values[0]).toEqual({ value: 'CN', count: rows / 6 });
    expect(column(result.columns, 'amount')).toMatchObject({ type: 'number', min: 0.5, max: 996.5 });
    expect(column(result.columns, 'comment').top_values).toHaveLength(5);
    expect(result.candidateRows).toHaveLength(DATASET_CANDIDATE_ROWS);
  }, 60_000);
});

describe('HyperLogLog', () => {
  it('estimates distinct counts within a few percent', () => {
    for (const n of [100, 10_000, 200_000]) {
      const sketch = new HyperLogLog();
      for (let i = 0; i < n; i += 1) sketch.add(hash53(`value-${i}`));
      expect(Math.abs(sketch.estimate() - n) / n, String(n)).toBeLessThan(0.05);
    }
  });
});
