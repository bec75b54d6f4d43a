/**
 * Content entities (admin.md 3):
 * - `content_sections`: section_key (unique), title, content (plain text), updated_at, and
 *   `generated_hash`: the SHA-256 (hex) of the text the service generated from the store's
 *   settings and wrote last (null for a section it never generated); while the content still
 *   hashes to it the owner has not edited it, and a settings change may rewrite it;
 * - `social_links`: platform (unique; instagram | facebook | telegram | whatsapp), link_1 .. link_4.
 */
import { randomUUID } from 'node:crypto';
import { defineEntity, p } from '@mikro-orm/core';
import { CONTENT_SECTION_KEY_MAX_LENGTH, SOCIAL_PLATFORMS } from '@prata/contracts';

export const ContentSectionSchema = defineEntity({
  name: 'ContentSection',
  tableName: 'content_sections',
  // Any change, by the service or behind its back (SQL, scripts), asks the shown-state watches for
  // a check (`NOTIFY prata_storefront`, once per statement; src/events/shown-state-watch.ts).
  triggers: [{ name: 'content_sections_storefront_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_storefront', ''); return null;" }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    sectionKey: p.string().length(CONTENT_SECTION_KEY_MAX_LENGTH).unique(),
    title: p.string().length(200),
    content: p.text(),
    generatedHash: p.string().length(64).nullable(),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class ContentSection extends ContentSectionSchema.class {}
ContentSectionSchema.setClass(ContentSection);

export const SocialLinkSchema = defineEntity({
  name: 'SocialLink',
  tableName: 'social_links',
  // Any change, by the service or behind its back (SQL, scripts), asks the shown-state watches for
  // a check (`NOTIFY prata_storefront`, once per statement; src/events/shown-state-watch.ts).
  triggers: [{ name: 'social_links_storefront_notify', timing: 'after', events: ['insert', 'update', 'delete', 'truncate'], forEach: 'statement', body: "perform pg_notify('prata_storefront', ''); return null;" }],
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    platform: p.enum(SOCIAL_PLATFORMS).unique(),
    link1: p.string().length(500).nullable().fieldName('link_1'),
    link2: p.string().length(500).nullable().fieldName('link_2'),
    link3: p.string().length(500).nullable().fieldName('link_3'),
    link4: p.string().length(500).nullable().fieldName('link_4'),
    updatedAt: p.datetime().onCreate(() => new Date()).onUpdate(() => new Date()),
  },
});
export class SocialLink extends SocialLinkSchema.class {}
SocialLinkSchema.setClass(SocialLink);
