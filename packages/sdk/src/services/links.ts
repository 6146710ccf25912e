import type {
  BulkResult,
  ExternalLink,
  ExternalLinkInput,
  ExternalLinkList,
  ExternalLinkUpdate,
  LinkAnalytics,
  LinkBulkUpdate,
  LinkCategory,
  LinkClickResult,
  LinksOverview,
  LinksSummary,
  MessageResponse,
  UrlValidation,
} from '@corestone/contracts';
import type { DownloadedFile } from '../http';
import type { Transport } from '../transport';

export interface LinkListQuery {
  category?: LinkCategory;
  is_featured?: boolean;
  is_active?: boolean;
  /** at most 500 (default 100), newest first */
  limit?: number;
  offset?: number;
}

const linkPath = (id: string, rest = '') => `/external_links/${encodeURIComponent(id)}${rest}`;

/** `/external_links/*`: the public footer links and click tracking; management for admins. */
export class LinksApi {
  constructor(private readonly t: Transport) {}

  /** Active links (the footer shows the social ones). */
  public(): Promise<ExternalLinkList> {
    return this.t.request<ExternalLinkList>('/external_links/public', { anonymous: true });
  }

  click(id: string, user_agent: string = typeof navigator !== 'undefined' ? navigator.userAgent : ''): Promise<LinkClickResult> {
    return this.t.request<LinkClickResult>(linkPath(id, '/click'), { method: 'POST', json: { user_agent }, anonymous: true });
  }

  list(query: LinkListQuery = {}): Promise<ExternalLinkList> {
    return this.t.request<ExternalLinkList>('/external_links/', { query: { ...query } });
  }

  get(id: string): Promise<ExternalLink> {
    return this.t.request<ExternalLink>(linkPath(id));
  }

  create(input: ExternalLinkInput): Promise<ExternalLink> {
    return this.t.request<ExternalLink>('/external_links', { method: 'POST', json: input });
  }

  update(id: string, patch: ExternalLinkUpdate): Promise<ExternalLink> {
    return this.t.request<ExternalLink>(linkPath(id), { method: 'PUT', json: patch });
  }

  remove(id: string): Promise<MessageResponse> {
    return this.t.request<MessageResponse>(linkPath(id), { method: 'DELETE' });
  }

  analytics(id: string, days?: number): Promise<LinkAnalytics> {
    return this.t.request<LinkAnalytics>(linkPath(id, '/analytics'), { query: { days } });
  }

  overview(): Promise<LinksOverview> {
    return this.t.request<LinksOverview>('/external_links/analytics/overview');
  }

  /** Clicks over the last `days` days (default 30): per day, per category and the top links. */
  summary(days?: number): Promise<LinksSummary> {
    return this.t.request<LinksSummary>('/external_links/analytics/summary', { query: { days } });
  }

  popular(limit = 10): Promise<ExternalLinkList> {
    return this.t.request<ExternalLinkList>('/external_links/popular', { query: { limit } });
  }

  bulkUpdate(link_ids: string[], update_data: LinkBulkUpdate['update_data']): Promise<BulkResult> {
    return this.t.request<BulkResult>('/external_links/bulk-update', { method: 'POST', json: { link_ids, update_data } });
  }

  bulkDelete(link_ids: string[]): Promise<BulkResult> {
    return this.t.request<BulkResult>('/external_links/bulk-delete', { method: 'POST', json: { link_ids } });
  }

  exportCsv(): Promise<DownloadedFile> {
    return this.t.download('/external_links/export', { query: { format: 'csv' } });
  }

  validateUrl(url: string): Promise<UrlValidation> {
    return this.t.request<UrlValidation>('/external_links/validate-url', { method: 'POST', json: { url } });
  }
}
