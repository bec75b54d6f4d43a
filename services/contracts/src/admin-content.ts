/** Admin panel contracts for the store's content sections and social links (admin.md sections 3, 4, 8). */
import { z } from 'zod';
import { SOCIAL_PLATFORMS } from './content.ts';

/** Preview length of a section in the content tab, in characters (admin.md 9). */
export const CONTENT_PREVIEW_LENGTH = 200;
/** Rows of the content editor (admin.md 9). */
export const CONTENT_EDITOR_ROWS = 8;
export const CONTENT_MAX_LENGTH = 20_000;

export const contentSectionUpdateSchema = z.object({
  title: z.string().trim().min(1, 'Título é obrigatório').max(200, 'Título muito longo'),
  content: z.string().trim().min(1, 'Conteúdo é obrigatório').max(CONTENT_MAX_LENGTH, 'Conteúdo muito longo'),
});
export type ContentSectionUpdate = z.input<typeof contentSectionUpdateSchema>;
/** An http(s) URL (social links are opened by shoppers: no `javascript:` or other schemes). */
export const httpUrlSchema = z
  .string()
  .trim()
  .max(500, 'Link muito longo')
  .pipe(z.url({ protocol: /^https?$/, hostname: z.regexes.domain, error: 'Informe um link válido começando com http:// ou https://' }));

const socialLinkSlot = z.union([z.literal('').transform(() => null), z.null(), httpUrlSchema]);

/** `PUT /api/admin/social-links`: the four platforms, each with up to four links (empty = none). */
export const socialLinksUpdateSchema = z.object({
  links: z
    .array(
      z.object({
        platform: z.enum(SOCIAL_PLATFORMS),
        link1: socialLinkSlot,
        link2: socialLinkSlot,
        link3: socialLinkSlot,
        link4: socialLinkSlot,
      }),
    )
    .min(1)
    .max(SOCIAL_PLATFORMS.length)
    .refine((list) => new Set(list.map((entry) => entry.platform)).size === list.length, 'Plataforma repetida'),
});
export type SocialLinksUpdate = z.input<typeof socialLinksUpdateSchema>;
