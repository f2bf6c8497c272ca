import type { DatasetPreviewChoice, OwnDatasetPreview } from '@app/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { sellerKey } from './get-seller-dataset-previews';

export interface ChooseDatasetSampleInput extends DatasetPreviewChoice {
  productId: string;
  previewId: string;
}

/** PUT /seller/products/{id}/dataset-previews/{previewId}: the rows to publish and the columns to hide. */
export function chooseDatasetSample({ productId, previewId, ...choice }: ChooseDatasetSampleInput): Promise<OwnDatasetPreview> {
  return api.put<OwnDatasetPreview>(
    `/seller/products/${encodeURIComponent(productId)}/dataset-previews/${encodeURIComponent(previewId)}`,
    choice,
  );
}

export function useChooseDatasetSample() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: chooseDatasetSample,
    onSuccess: (_preview, input) => {
      void queryClient.invalidateQueries({ queryKey: sellerKey });
      void queryClient.invalidateQueries({ queryKey: ['products', 'dataset-previews', input.productId] });
    },
  });
}
