/**
 * Sign-out of the admin and developer panels (admin.md 2, 8): signs out on the service, shows
 * 'Erro ao sair' / 'Erro interno do sistema' on failure, and in every case drops the panel's
 * cached server data (`queryKeys`) and goes to /. Returns the action and whether it is running.
 */
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from '@prata/shared-ui/router';
import { signOut, toast } from '@prata/shared-ui/state';

export function usePanelSignOut(queryKeys: readonly (readonly unknown[])[]): { leave: () => Promise<void>; leaving: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [leaving, setLeaving] = useState(false);
  const leave = async () => {
    setLeaving(true);
    try {
      await signOut();
    } catch {
      toast.error('Erro ao sair', { description: 'Erro interno do sistema' });
    } finally {
      // The session is gone locally either way: drop the panel's data and leave it.
      for (const queryKey of queryKeys) queryClient.removeQueries({ queryKey });
      setLeaving(false);
      void navigate('/', { replace: true });
    }
  };
  return { leave, leaving };
}
