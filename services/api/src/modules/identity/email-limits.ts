/** Limits and answers of the identity routes that send e-mail to an address someone typed. */

/** Confirmation e-mails one address may ask for again per hour, from any number of IPs. */
export const RESEND_CONFIRMATION_PER_EMAIL = 3;
/** Password-reset e-mails asked per address an hour, from any number of IPs. */
export const RECOVER_PER_EMAIL = 3;
/** The one answer of `POST /api/auth/resend-confirmation`, whatever the address (no account enumeration). */
export const RESEND_CONFIRMATION_MESSAGE = 'Se houver uma conta não confirmada com este email, enviaremos um novo link de confirmação.';
