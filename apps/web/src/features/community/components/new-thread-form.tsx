import { createThreadSchema, type ForumCategory } from '@app/shared';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Field } from '@/components/ui/field';
import { inputClasses } from '@/components/ui/input';
import { cn } from '@/lib/cn';
import { useCreateThread } from '../api/create-thread';
import { PostComposer } from './post-composer';

/** Starts a thread in a category, optionally about a product (its buyers' replies get a badge). */
export function NewThreadForm({
  categories,
  defaultCategory,
  product,
  onCancel,
}: {
  categories: ForumCategory[];
  defaultCategory?: string;
  product?: { id: string; title: string } | null;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateThread();
  const [categoryId, setCategoryId] = useState(categories.find((c) => c.slug === defaultCategory)?.id ?? categories[0]?.id ?? '');

  return (
    <PostComposer
      label={t('community.newThread')}
      submitLabel={t('community.postThread')}
      schema={createThreadSchema}
      withTitle
      busy={create.isPending}
      extraValues={{ category_id: categoryId, product_id: product?.id }}
      onSubmit={async (values) => {
        const thread = await create.mutateAsync({ ...values, category_id: categoryId, product_id: product?.id });
        void navigate(`/community/threads/${thread.id}`);
      }}
      onCancel={onCancel}
    >
      <Field label={t('community.form.category')}>
        {(control) => (
          <select
            {...control}
            value={categoryId}
            onChange={(event) => setCategoryId(event.target.value)}
            className={cn(inputClasses, 'h-10')}
          >
            {categories.map((category) => (
              <option key={category.id} value={category.id}>
                {t(`community.categories.${category.slug}`, { defaultValue: category.name })}
              </option>
            ))}
          </select>
        )}
      </Field>
      {product && (
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {t('community.about')} <strong>{product.title}</strong>
        </p>
      )}
    </PostComposer>
  );
}
