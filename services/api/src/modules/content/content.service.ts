/**
 * Content service (admin.md 3 and 7): content sections and social links, read by the storefront
 * (policy pages, footer). Reads use the caller's EntityManager (request-scoped through
 * RequestContext); `ensureDefaults` inserts the default rows that are missing. A save records
 * `ContentChanged` in its own transaction when the service has the event bus (the content
 * routes): the shell's host purges the cached pages that show that content when it hears it.
 */
import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import {
  CONTENT_CHANGED,
  SOCIAL_LINKS_CONTENT_KEY,
  SOCIAL_PLATFORMS,
  contentSectionUpdateSchema,
  socialLinksUpdateSchema,
  type ContentSection as ContentSectionDto,
  type ContentSectionUpdate,
  type SocialLinks as SocialLinksDto,
  type SocialLinksUpdate,
} from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { EventBus } from '../../events/event-bus.ts';
import { nameBasedUuid } from '../../lib/name-uuid.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { DEFAULT_CONTENT_SECTIONS, DEFAULT_SOCIAL_LINKS } from './content-defaults.ts';
import { ContentSection, SocialLink } from './content.entities.ts';

export class ContentService {
  private readonly em: EntityManager;
  private readonly events: Pick<EventBus, 'record' | 'publish'> | null;

  constructor(em: EntityManager, events: Pick<EventBus, 'record' | 'publish'> | null = null) {
    this.em = em;
    this.events = events;
  }

  /** Every content section, ordered by section key (admin.md 7). */
  async listSections(): Promise<ContentSectionDto[]> {
    const sections = await this.em.find(ContentSection, {}, { orderBy: { sectionKey: 'asc' } });
    return sections.map(toSectionDto);
  }

  /** One section. @throws NotFoundError ('Conteúdo não encontrado'). */
  async getSection(sectionKey: string): Promise<ContentSectionDto> {
    const section = await this.em.findOne(ContentSection, { sectionKey });
    if (!section) throw new NotFoundError('Conteúdo não encontrado');
    return toSectionDto(section);
  }

  /** The links of every stored platform, in the display order of {@link SOCIAL_PLATFORMS}. */
  async listSocialLinks(): Promise<SocialLinksDto[]> {
    const rows = await this.em.find(SocialLink, {});
    return rows
      .sort((a, b) => SOCIAL_PLATFORMS.indexOf(a.platform) - SOCIAL_PLATFORMS.indexOf(b.platform))
      .map((row) => ({ platform: row.platform, link1: row.link1 ?? null, link2: row.link2 ?? null, link3: row.link3 ?? null, link4: row.link4 ?? null }));
  }

  /**
   * Saves a section's title and text (admin.md 3, 4, 7: "update by section_key"), with an audit
   * row holding the old and new values. @throws ZodError, NotFoundError ('Conteúdo não encontrado').
   */
  async updateSection(actorId: string, sectionKey: string, input: ContentSectionUpdate, meta: RequestMeta): Promise<ContentSectionDto> {
    const data = contentSectionUpdateSchema.parse(input);
    const section = await this.em.findOne(ContentSection, { sectionKey });
    if (!section) throw new NotFoundError('Conteúdo não encontrado');
    audit(this.em, {
      userId: actorId,
      action: 'content_updated',
      details: { sectionKey, before: { title: section.title, content: section.content }, after: data },
      meta,
    });
    this.em.assign(section, { ...data, updatedAt: new Date() });
    const record = this.events?.record(this.em, { type: CONTENT_CHANGED, aggregateId: section.id, payload: { key: sectionKey } });
    await this.em.flush();
    if (record) await this.events!.publish(this.em, [record]);
    return toSectionDto(section);
  }

  /**
   * Upserts the links of each platform given (admin.md 7: "upsert per platform"); every link is
   * an http(s) URL, empty slots are null. @throws ZodError.
   */
  async saveSocialLinks(actorId: string, input: SocialLinksUpdate, meta: RequestMeta): Promise<SocialLinksDto[]> {
    const { links } = socialLinksUpdateSchema.parse(input);
    const record = await this.em.transactional(async (tx) => {
      const rows = await tx.find(SocialLink, { platform: { $in: links.map((entry) => entry.platform) } });
      for (const entry of links) {
        const row = rows.find((r) => r.platform === entry.platform) ?? tx.create(SocialLink, { platform: entry.platform });
        tx.assign(row, { link1: entry.link1, link2: entry.link2, link3: entry.link3, link4: entry.link4 });
      }
      audit(tx, { userId: actorId, action: 'social_links_updated', details: { links }, meta });
      return this.events?.record(tx, { type: CONTENT_CHANGED, aggregateId: nameBasedUuid('content', SOCIAL_LINKS_CONTENT_KEY), payload: { key: SOCIAL_LINKS_CONTENT_KEY } });
    });
    if (record) await this.events!.publish(this.em, [record]);
    return this.listSocialLinks();
  }

  /**
   * Inserts the default sections and platforms that are missing (admin.md 7: "insert missing
   * defaults"); existing rows, edited or not, are left alone. Safe to run concurrently (the
   * unique keys make a second insert a no-op). Returns how many rows were inserted.
   */
  async ensureDefaults(): Promise<number> {
    const now = new Date();
    const sections = await this.em
      .createQueryBuilder(ContentSection)
      .insert(DEFAULT_CONTENT_SECTIONS.map((section) => ({ id: randomUUID(), ...section, updatedAt: now })))
      .onConflict('sectionKey')
      .ignore()
      .execute('run');
    const links = await this.em
      .createQueryBuilder(SocialLink)
      .insert(SOCIAL_PLATFORMS.map((platform) => ({ id: randomUUID(), platform, link1: DEFAULT_SOCIAL_LINKS[platform], updatedAt: now })))
      .onConflict('platform')
      .ignore()
      .execute('run');
    return (sections.affectedRows ?? 0) + (links.affectedRows ?? 0);
  }
}

function toSectionDto(section: ContentSection): ContentSectionDto {
  return {
    sectionKey: section.sectionKey,
    title: section.title,
    content: section.content,
    updatedAt: section.updatedAt.toISOString(),
  };
}
