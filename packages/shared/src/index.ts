export * from './auth';
export * from './cart';
export * from './catalog';
export * from './constants';
export * from './roles';
export * from './seller';
