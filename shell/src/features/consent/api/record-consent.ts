/** `POST /api/consent`: the consent log's record of the choice the shopper just made (anonymous allowed). */
import { consentRecordSchema, type ConsentChoice, type ConsentRecord } from '@prata/contracts/consent';
import { apiRequest } from '@prata/shared-ui/state';

export function recordConsent(choice: ConsentChoice): Promise<ConsentRecord> {
  return apiRequest('/api/consent', consentRecordSchema, { method: 'POST', body: { analytics: choice.analytics, marketing: choice.marketing } });
}
