/** The app's locales (i18n), for localized types. */
import { useEffect, useState } from 'react';
import { api } from '../api';

export interface Locale {
  id: number;
  code: string;
  name: string;
  isDefault: boolean;
}

export function useLocales(enabled: boolean): Locale[] {
  const [locales, setLocales] = useState<Locale[]>([]);
  useEffect(() => {
    if (!enabled) return;
    void api
      .get<{ data: Locale[] }>('/i18n/locales')
      .then(({ data }) => setLocales(data))
      .catch(() => setLocales([]));
  }, [enabled]);
  return locales;
}
