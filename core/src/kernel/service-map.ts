/**
 * Typed registry keys. A plugin that offers a service declares its type by merging into this
 * interface, so `platform.service('plugin::my-plugin.things')` is typed:
 *
 *   declare module '@platform/core' {
 *     interface ServiceMap { 'plugin::my-plugin.things': ThingsService }
 *   }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-interface
export interface ServiceMap {}

export type ServiceUid = keyof ServiceMap & string;
