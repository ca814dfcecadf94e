export * from './constants/roles.js';
export * from './constants/languages.js';
export * from './constants/geo.js';
export * from './constants/limits.js';
export * from './errors.js';
export * from './schemas/common.js';
export * from './schemas/user.js';
export * from './schemas/auth.js';
