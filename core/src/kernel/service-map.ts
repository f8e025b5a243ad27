/**
 * Typed registry keys. A plugin that offers a service declares its type by merging into this
 * interface, so `platform.service('plugin::my-plugin.things')` is typed:
 *
 *   declare module '@platform/core' {
 *     interface ServiceMap { 'plugin::my-plugin.things': ThingsService }
 *   }
 */
// biome-ignore lint/suspicious/noEmptyInterface: empty here, filled by each plugin's declaration merging (a type alias cannot be merged)
export interface ServiceMap {}

export type ServiceUid = keyof ServiceMap & string;
