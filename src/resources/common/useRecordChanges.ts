import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useDataProvider, useRecordContext, useResourceContext } from 'react-admin';
import type { AppDataProvider } from '../../providers/dataProvider';
import { subscribeChanges } from '../../providers/realtime';

/**
 * Keeps an open record page current: when the server announces a change of this record (a survey
 * form's submission from the field app raises its count), its getOne query is fetched again. Lists do
 * the same through useResourceChanges; this is the one-record counterpart. Nothing without real time.
 */
export function useRecordChanges(): void {
  const queryClient = useQueryClient();
  const dataProvider = useDataProvider<AppDataProvider>();
  const resource = useResourceContext();
  const id = useRecordContext()?.id;
  useEffect(() => {
    if (!resource || id === undefined) return undefined;
    return subscribeChanges(dataProvider, resource, (change) => {
      if (change.id !== String(id)) return;
      void queryClient.invalidateQueries({
        predicate: ({ queryKey }) => {
          const params = queryKey[2] as { id?: unknown } | undefined;
          return queryKey[0] === resource && queryKey[1] === 'getOne' && String(params?.id) === String(id);
        },
      });
    });
  }, [resource, id, queryClient, dataProvider]);
}
