import type {
  ContactEnquiryInput,
  ContactEnquiryList,
  ContactEnquiryResponse,
  ContentSettingsResponse,
  ContentSettingsUpdate,
  EnquiryFilter,
  PolicyId,
  PolicyResponse,
  PolicyUpdate,
  PolicyUpdated,
  TokSessionInput,
  TokSessionList,
  TokSessionResponse,
  TokTitles,
} from '@corestone/contracts';
import type { DownloadedFile } from '../http';
import type { Transport } from '../transport';

/**
 * `/general/*`: the four policy documents (public read, super_admin edit), the TOK prescribed
 * titles per exam session, the operator settings and the institution enquiries.
 */
export class ContentApi {
  constructor(private readonly t: Transport) {}

  /** GET /general/{resource} → `{success, data}`; data.content is markdown (render it sanitised). */
  policy(resource: PolicyId): Promise<PolicyResponse> {
    return this.t.request<PolicyResponse>(`/general/${resource}`);
  }

  /**
   * GET /general/{resource} without the session's token: the published version with the
   * organisation's details filled in, exactly as a visitor sees it (an editor's token would get
   * the working copy, placeholders and drafts included). The public policy pages use it.
   */
  publicPolicy(resource: PolicyId): Promise<PolicyResponse> {
    return this.t.request<PolicyResponse>(`/general/${resource}`, { anonymous: true });
  }

  updatePolicy(resource: PolicyId, update: PolicyUpdate): Promise<PolicyUpdated> {
    return this.t.request<PolicyUpdated>(`/general/${resource}`, { method: 'PUT', json: update });
  }

  /** GET /general/tok-prescribed-titles (public): this session's TOK titles, numbered. */
  tokTitles(): Promise<{ success: true; data: TokTitles }> {
    return this.t.request<{ success: true; data: TokTitles }>('/general/tok-prescribed-titles', { anonymous: true });
  }

  /** POST /general/contact (public): an institution's enquiry → 201 `{success, message, id}`. */
  contact(enquiry: ContactEnquiryInput): Promise<{ success: true; message: string; id: string }> {
    return this.t.request<{ success: true; message: string; id: string }>('/general/contact', {
      method: 'POST',
      json: enquiry,
      anonymous: true,
    });
  }

  /** GET /general/tok-sessions (admins): every session with its six titles, the current one first. */
  tokSessions(): Promise<TokSessionList> {
    return this.t.request<TokSessionList>('/general/tok-sessions');
  }

  /** POST /general/tok-sessions (super admin); `current: true` makes it the wizard's list at once. */
  createTokSession(input: TokSessionInput): Promise<TokSessionResponse> {
    return this.t.request<TokSessionResponse>('/general/tok-sessions', { method: 'POST', json: input });
  }

  updateTokSession(id: string, input: Omit<TokSessionInput, 'current'>): Promise<TokSessionResponse> {
    return this.t.request<TokSessionResponse>(`/general/tok-sessions/${encodeURIComponent(id)}`, { method: 'PUT', json: input });
  }

  makeTokSessionCurrent(id: string): Promise<TokSessionResponse> {
    return this.t.request<TokSessionResponse>(`/general/tok-sessions/${encodeURIComponent(id)}/current`, { method: 'POST' });
  }

  deleteTokSession(id: string): Promise<{ success: true; message: string }> {
    return this.t.request<{ success: true; message: string }>(`/general/tok-sessions/${encodeURIComponent(id)}`, { method: 'DELETE' });
  }

  /** GET /general/settings (admins): organisation details used by the policies, the enquiries inbox. */
  settings(): Promise<ContentSettingsResponse> {
    return this.t.request<ContentSettingsResponse>('/general/settings');
  }

  /** PUT /general/settings (super admin): the fields sent; an empty organisation detail means "not set". */
  updateSettings(change: ContentSettingsUpdate): Promise<ContentSettingsResponse> {
    return this.t.request<ContentSettingsResponse>('/general/settings', { method: 'PUT', json: change });
  }

  /** GET /general/contact/enquiries (admins), newest first. */
  enquiries(query: { status?: EnquiryFilter; limit?: number; offset?: number } = {}): Promise<ContactEnquiryList> {
    return this.t.request<ContactEnquiryList>('/general/contact/enquiries', { query });
  }

  enquiry(id: string): Promise<ContactEnquiryResponse> {
    return this.t.request<ContactEnquiryResponse>(`/general/contact/enquiries/${encodeURIComponent(id)}`);
  }

  /** PUT /general/contact/enquiries/{id}/handled: handled, or waiting again. */
  setEnquiryHandled(id: string, handled: boolean): Promise<ContactEnquiryResponse> {
    return this.t.request<ContactEnquiryResponse>(`/general/contact/enquiries/${encodeURIComponent(id)}/handled`, {
      method: 'PUT',
      json: { handled },
    });
  }

  /** The enquiries the filter matches as CSV (`enquiries_{status}_{date}.csv`). */
  exportEnquiries(status: EnquiryFilter = 'all'): Promise<DownloadedFile> {
    return this.t.download('/general/contact/enquiries/export', { query: { status } });
  }
}
