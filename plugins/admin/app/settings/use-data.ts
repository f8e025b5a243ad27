/** Loads a resource and reloads it on demand, with its error. */
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError } from '../api';

export function useData<T>(path: string): { data: T | null; error: string | null; reload(): Promise<void> } {
  const [data, setData] = useState<T | null>(null);
  const [error, setError] = useState<string | null>(null);
  const reload = useCallback(async () => {
    try {
      setError(null);
      setData(await api.get<T>(path));
    } catch (e) {
      setError(e instanceof ApiError ? e.message : 'The request failed');
    }
  }, [path]);
  useEffect(() => {
    void reload();
  }, [reload]);
  return { data, error, reload };
}
