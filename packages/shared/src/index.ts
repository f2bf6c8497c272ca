export * from './auth';
export * from './cart';
export * from './catalog';
export * from './chatbot';
export * from './constants';
export * from './promo';
export * from './roles';
export * from './seller';
