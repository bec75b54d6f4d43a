/** HTML text escaping for the few plain pages the API answers (back-in-stock links, sandbox labels). */

/** `value` with `& < > " '` as character references, safe inside element text and quoted attributes. */
export const escapeHtml = (value: string): string => value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
