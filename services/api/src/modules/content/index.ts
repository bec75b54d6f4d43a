/**
 * The content module's public face: other modules and the composition import these from here,
 * never another file of this folder. Its routes are routes.ts (registered by app.ts).
 */
export { ContentSection, ContentSectionSchema, SocialLink, SocialLinkSchema } from './content.entities.ts';
