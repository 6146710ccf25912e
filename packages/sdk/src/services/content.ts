import type { ContactEnquiryInput, PolicyId, PolicyResponse, PolicyUpdate, PolicyUpdated, TokTitles } from '@corestone/contracts';
import type { Transport } from '../transport';

/** `/general/*`: the four policy documents (public read, super_admin edit). */
export class ContentApi {
  constructor(private readonly t: Transport) {}

  /** GET /general/{resource} → `{success, data}`; data.content is markdown (render it sanitised). */
  policy(resource: PolicyId): Promise<PolicyResponse> {
    return this.t.request<PolicyResponse>(`/general/${resource}`);
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
}
