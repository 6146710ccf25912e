import type { Pool } from 'pg';
import type { AiEndpointKind } from '@corestone/contracts';

/** A stored endpoint: the key only sealed (encryptSecret with the platform data key). */
export interface AiEndpointRow {
  school_id: string;
  kind: AiEndpointKind;
  base_url: string;
  model: string;
  azure_deployment: string | null;
  azure_api_version: string | null;
  api_key_sealed: string | null;
  updated_at: Date;
}

/** Issue 33 §2: one endpoint per school at most (school_ai_endpoints). */
export class AiEndpointStore {
  constructor(private readonly pool: Pool) {}

  async get(schoolId: string): Promise<AiEndpointRow | null> {
    const { rows } = await this.pool.query<AiEndpointRow>({
      name: 'school-ai-endpoint',
      text: `SELECT school_id, kind, base_url, model, azure_deployment, azure_api_version, api_key_sealed, updated_at
             FROM school_ai_endpoints WHERE school_id = $1`,
      values: [schoolId],
    });
    return rows[0] ?? null;
  }

  async put(row: Omit<AiEndpointRow, 'updated_at'>): Promise<AiEndpointRow> {
    const { rows } = await this.pool.query<AiEndpointRow>(
      `INSERT INTO school_ai_endpoints (school_id, kind, base_url, model, azure_deployment, azure_api_version, api_key_sealed)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (school_id) DO UPDATE SET kind = EXCLUDED.kind, base_url = EXCLUDED.base_url, model = EXCLUDED.model,
         azure_deployment = EXCLUDED.azure_deployment, azure_api_version = EXCLUDED.azure_api_version,
         api_key_sealed = EXCLUDED.api_key_sealed, updated_at = now()
       RETURNING *`,
      [row.school_id, row.kind, row.base_url, row.model, row.azure_deployment, row.azure_api_version, row.api_key_sealed],
    );
    return rows[0];
  }

  async delete(schoolId: string): Promise<boolean> {
    const { rowCount } = await this.pool.query(`DELETE FROM school_ai_endpoints WHERE school_id = $1`, [schoolId]);
    return (rowCount ?? 0) > 0;
  }
}
