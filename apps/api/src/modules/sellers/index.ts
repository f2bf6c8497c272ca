// What the demo seed uses of the sellers module: setting a seller's public page (bio and links).
export { updateSellerProfile } from './repository-public';
