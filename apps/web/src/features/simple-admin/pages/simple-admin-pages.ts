/** The simple-admin area's pages, loaded together on first visit. */
export { SimpleAdminHomePage } from './simple-admin-home-page';
export { SimpleAdminLoginPage } from './simple-admin-login-page';
export { SimpleAdminCreateProductPage, SimpleAdminEditProductPage } from './simple-admin-product-form-pages';
export { SimpleAdminProductsPage } from './simple-admin-products-page';
