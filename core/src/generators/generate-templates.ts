/**
 * The files `platform generate` writes, in Strapi v4's shapes: what a user would otherwise
 * copy from the documentation. Type-only imports of `@platform/core` are erased when the file
 * is loaded, so they work in an app folder that lives anywhere.
 */

export function controllerFile(name: string): string {
  return `/**
 * The \`${name}\` controller: each method is an action a route names as \`${name}.<action>\`.
 * What an action returns is the response body (or set ctx.body).
 */
import type { RequestContext } from '@platform/core';

export default {
  async exampleAction(ctx: RequestContext) {
    return { data: { message: 'ok', path: ctx.path } };
  },
};
`;
}

export function serviceFile(name: string): string {
  return `/**
 * The \`${name}\` service: shared logic for controllers, reached with
 * \`platform.service('api::<api>.${name}')\`.
 */
import type { Platform } from '@platform/core';

export default ({ platform }: { platform: Platform }) => ({
  async example() {
    return { service: '${name}', plugins: platform.enabledPlugins() };
  },
});
`;
}

export function routesFile(name: string, path: string): string {
  return `/**
 * Custom routes of the \`${name}\` api, mounted under the REST prefix (/api).
 */
export default {
  routes: [
    {
      method: 'GET',
      path: '${path}',
      handler: '${name}.exampleAction',
      config: { policies: [], middlewares: [] },
    },
  ],
};
`;
}

export function policyFile(name: string): string {
  return `/**
 * The \`${name}\` policy: a route lists it in \`config.policies\`; returning false answers 403.
 */
import type { PolicyContext } from '@platform/core';

export default (policyContext: PolicyContext, config: unknown, { platform }: { platform: unknown }) => {
  void config;
  void platform;
  return policyContext.ctx.method !== 'TRACE';
};
`;
}

export function middlewareFile(name: string): string {
  return `/**
 * The \`${name}\` middleware: a factory of the middleware's config, as in Strapi v4.
 */
import type { RequestContext } from '@platform/core';

export default (config: Record<string, unknown>, { platform }: { platform: unknown }) => {
  void config;
  void platform;
  return async (ctx: RequestContext, next: () => Promise<void>) => {
    const started = Date.now();
    await next();
    ctx.set('x-${name}-ms', String(Date.now() - started));
  };
};
`;
}

export interface ContentTypeShape {
  kind: 'collectionType' | 'singleType';
  singularName: string;
  pluralName: string;
  displayName: string;
  draftAndPublish: boolean;
  attributes: Record<string, { type: string }>;
}

export function schemaFile(shape: ContentTypeShape): string {
  const schema = {
    kind: shape.kind,
    collectionName: shape.pluralName.replace(/-/g, '_'),
    info: { singularName: shape.singularName, pluralName: shape.pluralName, displayName: shape.displayName, description: '' },
    options: { draftAndPublish: shape.draftAndPublish },
    pluginOptions: {},
    attributes: shape.attributes,
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

export function pluginPackageFile(name: string): string {
  const manifest = { name: `platform-plugin-${name}`, version: '0.1.0', private: true, main: 'index.ts', peerDependencies: { '@platform/core': '*' } };
  return `${JSON.stringify(manifest, null, 2)}\n`;
}

export function pluginIndexFile(name: string): string {
  return `/**
 * The \`${name}\` plugin: its routes are served under /api/${name}, its services are
 * \`plugin::${name}.<service>\` and its controllers \`plugin::${name}.<controller>\`.
 * The platform's docs/writing-a-plugin.md describes every part a plugin may have.
 */
import { definePlugin, type RequestContext } from '@platform/core';

interface Greeter {
  greet(who: string): string;
}

export default definePlugin({
  name: '${name}',
  services: {
    greeter: (): Greeter => ({
      greet: (who) => \`Hello, \${who}\`,
    }),
  },
  controllers: {
    greeter: (plugin) => ({
      hello(ctx: RequestContext) {
        return { data: { message: plugin.service<Greeter>('plugin::${name}.greeter').greet(String(ctx.query.who ?? 'world')) } };
      },
    }),
  },
  routes: [{ method: 'GET', path: '/hello', handler: 'plugin::${name}.greeter.hello', config: { auth: false } }],
});
`;
}
