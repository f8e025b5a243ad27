/**
 * The kernel's whole role in factories such as `createCoreRouter(...)`: a plugin's factory
 * returns a *declaration* stamped with the plugin's name and the kind of part it stands for;
 * the app loader (./register-app.ts) hands it back to that plugin's `appParts.build` to get the
 * real router, controller or service. The kernel never knows what a declaration means, and a
 * declaration whose plugin is not enabled stops start-up with an error naming the plugin and
 * the file.
 */
export const APP_DECLARATION = Symbol.for('platform.app-declaration');

export type AppPartFolder = 'routes' | 'controllers' | 'services';

export interface AppDeclarationStamp {
  /** the plugin whose `appParts.build` gives the declaration its meaning */
  plugin: string;
  /** the factory the app called, for messages (`createCoreRouter`) */
  factory: string;
}

export interface AppDeclaration {
  readonly [APP_DECLARATION]: AppDeclarationStamp;
  /** the content-type the part is for */
  readonly uid: string;
  readonly options: unknown;
}

/** Where a declaration was found, and the kernel's evaluator for the app's own code in it. */
export interface AppDeclarationSite {
  folder: AppPartFolder;
  /** `api::<api>.<file name>` */
  uid: string;
  apiName: string;
  file: string;
  /** an app extension: an object as it is, a function called with `{ platform }` as app code is */
  evaluate(exported: unknown): Record<string, unknown>;
}

export function declareAppPart(stamp: AppDeclarationStamp, uid: string, options: unknown): AppDeclaration {
  return Object.freeze({ [APP_DECLARATION]: Object.freeze({ ...stamp }), uid, options });
}

export function isAppDeclaration(value: unknown): value is AppDeclaration {
  return typeof value === 'object' && value !== null && APP_DECLARATION in value;
}
