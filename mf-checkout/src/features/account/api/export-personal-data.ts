/**
 * `GET /api/me/export` (LGPD art. 18, II and V): the signed-in shopper's personal data
 * as the store keeps it (account, profile, orders, favourites), validated with the contract.
 */
import { useMutation } from '@tanstack/react-query';
import { personalDataExportSchema, type PersonalDataExport } from '@prata/contracts';
import { apiRequest } from '../../../lib/api-client.ts';

export function exportPersonalData(): Promise<PersonalDataExport> {
  return apiRequest('/api/me/export', personalDataExportSchema);
}

/** A mutation (the export is fetched on demand, when the shopper asks for it, and never cached). */
export function useExportPersonalData() {
  return useMutation({ mutationFn: exportPersonalData });
}
