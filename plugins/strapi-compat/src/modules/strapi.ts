/**
 * What `require('@strapi/strapi')` (and `import { factories } from '@strapi/strapi'`) gives a
 * Strapi v4 project's code: the core factories. The content-manager plugin's factories accept
 * both of Strapi's forms of extension, an object or `({ strapi }) => ({ ... })`, and their
 * controllers have Strapi's helpers (`sanitizeQuery`, `sanitizeInput`, `sanitizeOutput`,
 * `validateQuery`, `validateInput`, `transformResponse`) and core actions reached with `super`.
 */
import { factories } from '@platform/content-manager';

export { factories };
export default { factories };
