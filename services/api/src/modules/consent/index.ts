/**
 * The consent module's public face: the consent log of cookie choices (LGPD). The composition and
 * the users module (the LGPD export) import these from here; its route is routes.ts.
 */
export { ConsentRecord, ConsentRecordSchema } from './consent-record.entity.ts';
export { consentsOf, recordConsent, subjectHash } from './consent.service.ts';
