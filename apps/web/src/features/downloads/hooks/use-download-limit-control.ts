import { parseDownloadLimitText } from '@app/shared';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { DownloadLimitControl } from '@/components/product-form/download-limit-field';
import { saveDownloadLimit, useDownloadLimit } from '../api/download-limit';

export interface DownloadLimitDraft extends DownloadLimitControl {
  /**
   * Saves the limit of the product just saved when the seller changed it (a new product: when
   * one was typed). Call only after `validate()` passed.
   */
  saveFor: (productId: string) => Promise<void>;
}

/** The product form's download limit: the product's current one to start with, checked as the server checks it. */
export function useDownloadLimitControl(productId: string | undefined): DownloadLimitDraft {
  const current = useDownloadLimit(productId);
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  const loaded = useRef<string | null>(productId ? null : '');

  // The stored limit fills the box once it arrives (unless the seller typed first).
  useEffect(() => {
    if (loaded.current !== null || !current.data) return;
    const stored = current.data.download_limit === null ? '' : String(current.data.download_limit);
    loaded.current = stored;
    setText((typed) => (typed === '' ? stored : typed));
  }, [current.data]);

  const validate = () => {
    const parsed = parseDownloadLimitText(text);
    setError(parsed.ok ? null : parsed.message);
    return parsed.ok;
  };

  return {
    text,
    setText: (next) => {
      setText(next);
      setError(null);
    },
    error,
    validate,
    saveFor: async (savedId) => {
      const parsed = parseDownloadLimitText(text);
      if (!parsed.ok || text.trim() === (loaded.current ?? '')) return;
      await saveDownloadLimit(savedId, parsed.value);
      loaded.current = text.trim();
      await queryClient.invalidateQueries({ queryKey: ['seller'] });
    },
  };
}
