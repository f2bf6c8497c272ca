import { API_BASE, ApiError, apiErrorFrom, endLostSession, networkErrorMessage, refreshSessionOutcome } from './api-client';
import { authStore } from './auth-store';

export interface UploadOptions {
  method?: 'POST' | 'PUT';
  /** Called with the share of the request body sent so far, 0 to 1. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

interface RawAnswer {
  status: number;
  statusText: string;
  body: unknown;
}

function readAnswer(xhr: XMLHttpRequest): RawAnswer {
  const text = xhr.responseText;
  let body: unknown = text || null;
  if (text && (xhr.getResponseHeader('content-type') ?? '').includes('json')) {
    try {
      body = JSON.parse(text) as unknown;
    } catch {
      body = text;
    }
  }
  return { status: xhr.status, statusText: xhr.statusText, body };
}

function sendOnce(path: string, formData: FormData, options: UploadOptions): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(options.method ?? 'POST', `${API_BASE}${path}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const { accessToken } = authStore.getState();
    if (accessToken) xhr.setRequestHeader('Authorization', `Bearer ${accessToken}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) options.onProgress?.(Math.min(1, event.loaded / event.total));
    };
    xhr.onload = () => resolve(readAnswer(xhr));
    xhr.onerror = () => reject(new ApiError(networkErrorMessage(), 0, 'NETWORK_ERROR'));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(formData);
  });
}

/**
 * Sends a multipart form through XMLHttpRequest, the one browser API that reports upload
 * progress. Same rules as every other call: bearer token, one refresh and retry on a 401,
 * failures as ApiError.
 */
export async function uploadWithProgress<T>(path: string, formData: FormData, options: UploadOptions = {}): Promise<T> {
  let answer = await sendOnce(path, formData, options);
  if (answer.status === 401) {
    const outcome = await refreshSessionOutcome();
    if (outcome === 'refreshed') {
      options.onProgress?.(0);
      answer = await sendOnce(path, formData, options);
    }
    if (answer.status === 401 && outcome !== 'unavailable') endLostSession();
  }
  if (answer.status >= 200 && answer.status < 300) {
    options.onProgress?.(1);
    return answer.body as T;
  }
  throw apiErrorFrom(answer.status, answer.statusText, answer.body);
}
