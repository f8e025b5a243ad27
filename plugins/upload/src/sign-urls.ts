/**
 * Private providers (`isPrivate()` true): every file a read returns, at any depth (the upload
 * routes, media populated on entries, in components and dynamic zones, through relations), has
 * its `url` and its formats' urls replaced by the provider's `getSignedUrl`, as Strapi v4 signs
 * them. Only files stored by the configured provider are signed; the rows keep the plain urls.
 */
import type { Model, ModelRegistry } from '@platform/core';
import type { Entity, ReadContext } from '@platform/query-engine';
import { FILE_UID } from './file-content-type';
import type { UploadProvider } from './providers/types';

type FileEntity = Entity & { url?: unknown; hash?: unknown; ext?: unknown; provider?: unknown; formats?: unknown };

export function createUrlSigner(models: () => ModelRegistry, provider: UploadProvider, providerName: string) {
  const signed = new WeakSet<object>();

  async function signObject(target: Record<string, unknown>, file: FileEntity): Promise<void> {
    if (typeof target.url !== 'string' || !provider.getSignedUrl) return;
    const { url } = await provider.getSignedUrl({ ...target, hash: String(target.hash ?? file.hash ?? ''), ext: String(target.ext ?? file.ext ?? ''), url: target.url });
    target.url = url;
  }

  async function signFile(file: FileEntity): Promise<void> {
    if (signed.has(file)) return;
    signed.add(file);
    // A file read with `fields` may lack `provider`: it was stored by the configured provider unless it says otherwise.
    if (file.provider !== undefined && file.provider !== providerName) return;
    await signObject(file, file);
    if (file.formats && typeof file.formats === 'object') {
      for (const format of Object.values(file.formats as Record<string, Record<string, unknown>>)) {
        if (format && typeof format === 'object') await signObject(format, file);
      }
    }
  }

  async function walk(model: Model | undefined, value: unknown): Promise<void> {
    if (!model || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      for (const item of value) await walk(model, item);
      return;
    }
    const entity = value as Record<string, unknown>;
    if (model.uid === FILE_UID) await signFile(entity as FileEntity);
    for (const field of model.fields.values()) {
      const nested = entity[field.name];
      if (nested === undefined || nested === null) continue;
      if (field.kind === 'dynamiczone') {
        for (const item of nested as Array<Record<string, unknown>>) await walk(models().find(String(item.__component)), item);
      } else if (field.kind === 'relation' || field.kind === 'extension') {
        if (field.target) await walk(models().find(field.target), nested);
      } else if (field.kind === 'component') {
        await walk(models().find(field.component), nested);
      }
    }
  }

  return (context: ReadContext): Promise<void> => walk(context.model, context.result);
}
