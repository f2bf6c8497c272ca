import { Plus } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClasses } from '@/components/ui/button';

/** The button-styled link to a new product's form, on the simple admin's home and product list. */
export function CreateProductLink() {
  const { t } = useTranslation();
  return (
    <Link to="/simple-admin/products/create" className={buttonClasses()}>
      <Plus className="size-4" aria-hidden />
      {t('simpleAdmin.nav.create')}
    </Link>
  );
}
