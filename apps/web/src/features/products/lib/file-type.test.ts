import { describe, expect, it } from 'vitest';
import { fileTypeLabel } from './file-type';

describe('fileTypeLabel', () => {
  it('reads the type from the extension, then from the content type', () => {
    expect(fileTypeLabel('labels.csv', 'application/octet-stream')).toBe('CSV');
    expect(fileTypeLabel('weights.tar.gz', 'application/gzip')).toBe('TAR.GZ');
    expect(fileTypeLabel('Model.Safetensors', 'application/octet-stream')).toBe('SAFETENSORS');
    expect(fileTypeLabel('README', 'text/markdown; charset=utf-8')).toBe('MD');
    expect(fileTypeLabel('export', 'application/json')).toBe('JSON');
    expect(fileTypeLabel('v1.2', 'application/zip')).toBe('ZIP');
    expect(fileTypeLabel('LICENSE', 'application/octet-stream')).toBeNull();
  });
});
