/**
 * Content service (admin.md 3 and 7): content sections and social links, read by the storefront
 * (policy pages, footer). Reads use the caller's EntityManager (request-scoped through
 * RequestContext); `ensureDefaults` inserts the default rows that are missing, and
 * `followRules` rewrites the default texts the owner has not edited to state the store's rules as
 * they are now (a text is the owner's once it no longer hashes to its `generated_hash`).
 */
import { createHash, randomUUID } from 'node:crypto';
import { LockMode, type EntityManager } from '@mikro-orm/postgresql';
import {
  SOCIAL_PLATFORMS,
  contentSectionUpdateSchema,
  socialLinksUpdateSchema,
  type ContentSection as ContentSectionDto,
  type ContentSectionUpdate,
  type SocialLinks as SocialLinksDto,
  type SocialLinksUpdate,
} from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import { audit, type RequestMeta } from '../audit/index.ts';
import { DEFAULT_SOCIAL_LINKS, DEFAULT_STORE_RULES, defaultContentSections, type StoreRules } from './content-defaults.ts';
import { ContentSection, SocialLink } from './content.entities.ts';

/** The SHA-256 (hex) of a text as `content_sections.generated_hash` stores it (UTF-8). */
export function contentHash(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

export class ContentService {
  private readonly em: EntityManager;

  constructor(em: EntityManager) {
    this.em = em;
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
    await this.em.flush();
    return toSectionDto(section);
  }

  /**
   * Upserts the links of each platform given (admin.md 7: "upsert per platform"); every link is
   * an http(s) URL, empty slots are null. @throws ZodError.
   */
  async saveSocialLinks(actorId: string, input: SocialLinksUpdate, meta: RequestMeta): Promise<SocialLinksDto[]> {
    const { links } = socialLinksUpdateSchema.parse(input);
    await this.em.transactional(async (tx) => {
      const rows = await tx.find(SocialLink, { platform: { $in: links.map((entry) => entry.platform) } });
      for (const entry of links) {
        const row = rows.find((r) => r.platform === entry.platform) ?? tx.create(SocialLink, { platform: entry.platform });
        tx.assign(row, { link1: entry.link1, link2: entry.link2, link3: entry.link3, link4: entry.link4 });
      }
      audit(tx, { userId: actorId, action: 'social_links_updated', details: { links }, meta });
    });
    return this.listSocialLinks();
  }

  /**
   * Inserts the default sections and platforms that are missing (admin.md 7: "insert missing
   * defaults"); existing rows, edited or not, are left alone. Safe to run concurrently (the
   * unique keys make a second insert a no-op). The texts state `rules`, the store's own settings
   * (content-defaults.ts). Returns how many rows were inserted.
   */
  async ensureDefaults(rules: StoreRules = DEFAULT_STORE_RULES): Promise<number> {
    const now = new Date();
    const sections = await this.em
      .createQueryBuilder(ContentSection)
      .insert(defaultContentSections(rules).map((section) => ({ id: randomUUID(), ...section, generatedHash: contentHash(section.content), updatedAt: now })))
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

  /**
   * Rewrites each default section whose text is still the one the service generated (it hashes to
   * its `generated_hash`) and differs from what `rules` generate now: the text states the store's
   * current free shipping, PIX discount, boleto hold, new-code window and contact. A section the
   * owner edited (its text hashes to something else), one never generated (null hash) and its title
   * are left alone. Rows are locked, so two processes hearing the same change write once. Returns
   * the keys of the sections rewritten.
   */
  async followRules(rules: StoreRules): Promise<string[]> {
    const defaults = new Map<string, string>(defaultContentSections(rules).map((section) => [section.sectionKey, section.content]));
    return this.em.transactional(async (tx) => {
      const rows = await tx.find(ContentSection, { sectionKey: { $in: [...defaults.keys()] }, generatedHash: { $ne: null } }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const rewritten: string[] = [];
      for (const row of rows) {
        const fresh = defaults.get(row.sectionKey)!;
        if (row.content === fresh || contentHash(row.content) !== row.generatedHash) continue;
        tx.assign(row, { content: fresh, generatedHash: contentHash(fresh), updatedAt: new Date() });
        rewritten.push(row.sectionKey);
      }
      return rewritten.sort();
    });
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
