import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { DocumentTitle } from '@/components/document-title';
import { ProductForm } from '@/components/product-form/product-form';
import { Alert } from '@/components/ui/alert';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { translateMessage } from '@/lib/i18n';
import { notify } from '@/lib/notify';
import { useCreateSimpleAdminProduct } from '../api/create-simple-admin-product';
import { useSimpleAdminProduct } from '../api/get-simple-admin-product';
import { useUpdateSimpleAdminProduct } from '../api/update-simple-admin-product';

/** /simple-admin/products/create: the product form; the product stays pending until a super admin approves it. */
export function SimpleAdminCreateProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateSimpleAdminProduct();
  return (
    <Card className="mx-auto max-w-4xl">
      <DocumentTitle title={t('simpleAdmin.nav.create')} />
      <CardHeader>
        <CardTitle level={1}>
          <span className="text-2xl">{t('simpleAdmin.create.title')}</span>
        </CardTitle>
        <CardDescription>{t('simpleAdmin.create.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ProductForm
          submitLabel={t('simpleAdmin.create.submit')}
          onSubmit={(formData, onProgress) => create.mutateAsync({ formData, onProgress })}
          onSaved={() => {
            notify.success(t('simpleAdmin.create.saved'), t('simpleAdmin.create.pendingNote'));
            void navigate('/simple-admin/products');
          }}
          onCancel={() => void navigate('/simple-admin/products')}
        />
      </CardContent>
    </Card>
  );
}

/** /simple-admin/products/{id}/edit: changes go back to pending approval. */
export function SimpleAdminEditProductPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { id = '' } = useParams();
  const product = useSimpleAdminProduct(id);
  const update = useUpdateSimpleAdminProduct();

  if (product.isPending) {
    return (
      <div className="flex justify-center p-10">
        <Spinner />
      </div>
    );
  }
  if (product.isError) {
    return <Alert tone="error">{translateMessage(errorMessage(product.error, t('common.operationFailed')))}</Alert>;
  }
  return (
    <Card className="mx-auto max-w-4xl">
      <DocumentTitle title={t('simpleAdmin.edit.title', { title: product.data.title })} />
      <CardHeader>
        <CardTitle level={1}>
          <span className="text-2xl">{t('simpleAdmin.edit.title', { title: product.data.title })}</span>
        </CardTitle>
        <CardDescription>
          {product.data.status === 'rejected' && product.data.rejection_reason
            ? t('seller.editor.rejectedNote', { reason: product.data.rejection_reason })
            : t('simpleAdmin.create.description')}
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ProductForm
          product={product.data}
          submitLabel={t('productForm.submitEdit')}
          onSubmit={(formData, onProgress) => update.mutateAsync({ id, formData, onProgress })}
          onSaved={() => {
            notify.success(t('simpleAdmin.edit.saved'), t('simpleAdmin.create.pendingNote'));
            void navigate('/simple-admin/products');
          }}
          onCancel={() => void navigate('/simple-admin/products')}
        />
      </CardContent>
    </Card>
  );
}
