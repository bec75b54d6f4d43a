/**
 * Server-side QA run (admin.md 2 "Admin QA page", 3 "QA issue", 4 "Quality issue", 9 "slow
 * load over 3000 ms"). Each check looks at the real store and reports findings:
 *
 * | check | finding | type / priority |
 * |---|---|---|
 * | product images | a product without an image | warning / medium |
 * | descriptions | a product without a description | info / low |
 * | prices | a price of R$ 0,00 or less | error / critical |
 * | featured stock | a featured product out of stock | warning / high |
 * | content | one of the six content sections missing or empty | warning / high |
 * | social links | a link that is not an http(s) URL | warning / medium |
 * | API speed | the catalogue answering slower than 3000 ms | warning / high |
 * | system errors | unresolved system errors | error / high |
 * | remotes | a remote whose manifest does not answer | error / critical |
 *
 * Findings are stored as QA issues keyed by what they are about (`check_key`): a finding seen
 * again keeps its issue (an ignored one stays ignored; a resolved one reopens), and an open issue
 * no longer found is resolved by the run.
 */
import type { FastifyInstance } from 'fastify';
import type { EntityManager } from '@mikro-orm/postgresql';
import { CONTENT_SECTION_KEYS, QA_SLOW_MS, type QaIssue as QaIssueDto, type QaRunResult, type RemoteRegistry } from '@prata/contracts';
import { NotFoundError } from '../../errors.ts';
import type { Clock } from '../../lib/clock.ts';
import { Product } from '../catalogue/index.ts';
import { ContentSection, SocialLink } from '../content/index.ts';
import { SystemError } from '../system-errors/index.ts';
import { QaIssue } from './qa-issue.entity.ts';
import { probeManifest } from './system-status.service.ts';

interface Finding {
  checkKey: string;
  type: QaIssue['type'];
  priority: QaIssue['priority'];
  component: string;
  description: string;
}

const isHttpUrl = (value: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

export function toQaIssueDto(row: QaIssue): QaIssueDto {
  return {
    id: row.id,
    type: row.type,
    component: row.component,
    description: row.description,
    status: row.status,
    priority: row.priority,
    createdAt: row.createdAt.toISOString(),
    resolvedAt: row.resolvedAt?.toISOString() ?? null,
  };
}

export interface QaDeps {
  app: FastifyInstance;
  clock: Clock;
  registry: () => Promise<RemoteRegistry>;
}

export class QaService {
  private readonly deps: QaDeps;

  constructor(deps: QaDeps) {
    this.deps = deps;
  }

  /** Runs every check, stores the findings and returns the whole issue list. */
  async run(em: EntityManager): Promise<QaRunResult> {
    const checks: (() => Promise<Finding[]>)[] = [
      () => this.productChecks(em),
      () => this.contentChecks(em),
      () => this.socialChecks(em),
      () => this.speedChecks(),
      () => this.errorChecks(em),
      () => this.remoteChecks(),
    ];
    const findings = (await Promise.all(checks.map((check) => check()))).flat();
    const now = this.deps.clock.now();
    await em.transactional(async (tx) => {
      const existing = new Map((await tx.find(QaIssue, {})).map((issue) => [issue.checkKey, issue]));
      const found = new Set<string>();
      for (const finding of findings) {
        found.add(finding.checkKey);
        const issue = existing.get(finding.checkKey);
        if (!issue) {
          tx.create(QaIssue, { ...finding, status: 'open', createdAt: now, lastFoundAt: now, resolvedAt: null });
          continue;
        }
        Object.assign(issue, { type: finding.type, priority: finding.priority, component: finding.component, description: finding.description, lastFoundAt: now });
        if (issue.status === 'resolved') {
          issue.status = 'open';
          issue.resolvedAt = null;
        }
      }
      for (const issue of existing.values()) {
        if (issue.status === 'open' && !found.has(issue.checkKey)) {
          issue.status = 'resolved';
          issue.resolvedAt = now;
        }
      }
    });
    return { checked: CHECK_COUNT, found: findings.length, issues: await this.list(em) };
  }

  /** Every stored issue, newest first. */
  async list(em: EntityManager): Promise<QaIssueDto[]> {
    return (await em.find(QaIssue, {}, { orderBy: { createdAt: 'desc', id: 'asc' } })).map(toQaIssueDto);
  }

  /** 'Resolver' / 'Ignorar' (admin.md 4: open to resolved or ignored). @throws NotFoundError. */
  async setStatus(em: EntityManager, id: string, status: 'resolved' | 'ignored'): Promise<QaIssueDto> {
    const issue = await em.findOne(QaIssue, { id });
    if (!issue) throw new NotFoundError('Problema não encontrado');
    issue.status = status;
    issue.resolvedAt = status === 'resolved' ? this.deps.clock.now() : null;
    await em.flush();
    return toQaIssueDto(issue);
  }

  private async productChecks(em: EntityManager): Promise<Finding[]> {
    const products = await em.find(Product, {}, { orderBy: { name: 'asc' } });
    const findings: Finding[] = [];
    for (const product of products) {
      if (!product.imageKey) findings.push({ checkKey: `product-image:${product.id}`, type: 'warning', priority: 'medium', component: 'Produtos', description: `Produto sem imagem: ${product.name}` });
      if (!product.description?.trim()) findings.push({ checkKey: `product-description:${product.id}`, type: 'info', priority: 'low', component: 'Produtos', description: `Produto sem descrição: ${product.name}` });
      if (product.priceCents <= 0) findings.push({ checkKey: `product-price:${product.id}`, type: 'error', priority: 'critical', component: 'Produtos', description: `Produto com preço inválido (R$ 0,00 ou menos): ${product.name}` });
      if (product.isFeatured && product.stock <= 0) findings.push({ checkKey: `featured-stock:${product.id}`, type: 'warning', priority: 'high', component: 'Vitrine', description: `Produto em destaque sem estoque: ${product.name}` });
    }
    return findings;
  }

  private async contentChecks(em: EntityManager): Promise<Finding[]> {
    const sections = new Map((await em.find(ContentSection, {})).map((section) => [section.sectionKey, section]));
    return CONTENT_SECTION_KEYS.filter((key) => !sections.get(key)?.content.trim()).map((key) => ({
      checkKey: `content-section:${key}`,
      type: 'warning',
      priority: 'high',
      component: 'Conteúdo',
      description: `Seção de conteúdo ausente ou vazia: ${key}`,
    }));
  }

  private async socialChecks(em: EntityManager): Promise<Finding[]> {
    const findings: Finding[] = [];
    for (const row of await em.find(SocialLink, {})) {
      [row.link1, row.link2, row.link3, row.link4].forEach((link, index) => {
        if (link && !isHttpUrl(link)) {
          findings.push({ checkKey: `social-url:${row.platform}:${index + 1}`, type: 'warning', priority: 'medium', component: 'Redes Sociais', description: `Link inválido em ${row.platform} (link ${index + 1}): ${link}` });
        }
      });
    }
    return findings;
  }

  private async speedChecks(): Promise<Finding[]> {
    const findings: Finding[] = [];
    for (const url of ['/api/products', '/api/products/featured']) {
      const started = performance.now();
      const response = await this.deps.app.inject({ method: 'GET', url });
      const ms = Math.round(performance.now() - started);
      if (response.statusCode !== 200) {
        findings.push({ checkKey: `api-status:${url}`, type: 'error', priority: 'critical', component: 'API', description: `${url} respondeu HTTP ${response.statusCode}` });
      } else if (ms > QA_SLOW_MS) {
        findings.push({ checkKey: `api-speed:${url}`, type: 'warning', priority: 'high', component: 'Desempenho', description: `${url} levou ${ms} ms (limite ${QA_SLOW_MS} ms)` });
      }
    }
    return findings;
  }

  private async errorChecks(em: EntityManager): Promise<Finding[]> {
    const unresolved = await em.count(SystemError, { status: 'unresolved' });
    if (unresolved === 0) return [];
    return [{ checkKey: 'system-errors', type: 'error', priority: 'high', component: 'Erros do Sistema', description: `${unresolved} ${unresolved === 1 ? 'erro do sistema sem solução' : 'erros do sistema sem solução'}` }];
  }

  private async remoteChecks(): Promise<Finding[]> {
    const registry = await this.deps.registry();
    const results = await Promise.all(
      registry.map(async (remote) =>
        probeManifest(remote.manifestUrl).then(
          () => null,
          (error: unknown): Finding => ({
            checkKey: `remote:${remote.name}`,
            type: 'error',
            priority: 'critical',
            component: `Remote ${remote.name}`,
            description: `Remote ${remote.name} fora do ar (${remote.manifestUrl}): ${error instanceof Error ? error.message : String(error)}`,
          }),
        ),
      ),
    );
    return results.filter((finding): finding is Finding => finding !== null);
  }
}

/** Checks a run performs (product image, description, price and featured stock, content, social, speed, errors, remotes). */
const CHECK_COUNT = 9;
