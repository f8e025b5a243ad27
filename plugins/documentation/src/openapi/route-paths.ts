/**
 * Route paths as the router writes them (`/api/articles/:id`, `/uploads/*path`, an optional
 * group `{/:id}`) to OpenAPI's (`/api/articles/{id}`), with the names of their parameters.
 */
const PARAM = /[:*]([A-Za-z_$][\w$]*)/g;

export interface OpenApiPath {
  path: string;
  params: string[];
}

export function toOpenApiPath(routerPath: string): OpenApiPath {
  const params: string[] = [];
  const marked = routerPath.replace(PARAM, (_match, name: string) => {
    params.push(name);
    return `\u0000${name}\u0001`;
  });
  // Optional groups are documented as their full form.
  const path = marked.replace(/[{}]/g, '').replaceAll('\u0000', '{').replaceAll('\u0001', '}');
  return { path: path === '' ? '/' : path, params };
}
