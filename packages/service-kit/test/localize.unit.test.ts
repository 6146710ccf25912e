import { Codes, Messages } from '@corestone/contracts';
import { Type } from '@sinclair/typebox';
import { HttpError, createServiceApp, errorResponses, notFound } from '../src';

/** Issue 36: the kit answers `detail` (and confirmations' `message`) in the request's language; `code` never changes. */
describe('server texts in the request language', () => {
  const app = createServiceApp({ name: 'localize-test', logLevel: 'silent' });
  void app.register(async (scope) => {
    scope.get('/missing', { schema: { response: errorResponses(404) } }, async () => {
      throw notFound(Messages.EVALUATION_NOT_FOUND, 'EVALUATION_NOT_FOUND');
    });
    scope.get('/cap', async () => {
      throw new HttpError(403, Codes.SCHOOL_POOL_CAP_REACHED, Messages.SCHOOL_POOL_CAP_REACHED(2), {}, [2]);
    });
    scope.delete('/thing', async () => ({ success: true, message: Messages.LINK_DELETED }));
    scope.post('/typed', { schema: { body: Type.Object({ n: Type.Integer() }) } }, async () => ({ ok: true }));
    scope.get('/p/:id', async () => ({ ok: true }));
    scope.get('/crash', async () => {
      throw new Error('boom');
    });
  });
  afterAll(() => app.close());

  const ask = (url: string, lang?: string, method: 'GET' | 'DELETE' | 'POST' = 'GET') =>
    app.inject({ method, url, headers: lang ? { 'accept-language': lang } : {}, ...(method === 'POST' ? { payload: { n: 'x' } } : {}) });

  it('answers an error in English, French or Spanish with the same code', async () => {
    const answers = await Promise.all(['en', 'fr-FR,fr;q=0.9', 'es'].map((l) => ask('/missing', l)));
    expect(answers.map((r) => r.statusCode)).toEqual([404, 404, 404]);
    expect(answers.map((r) => r.json())).toEqual([
      { detail: 'Evaluation not found', code: 'EVALUATION_NOT_FOUND' },
      { detail: 'Évaluation introuvable', code: 'EVALUATION_NOT_FOUND' },
      { detail: 'Evaluación no encontrada', code: 'EVALUATION_NOT_FOUND' },
    ]);
  });

  it('answers English without a header or for a language it does not have', async () => {
    expect((await ask('/missing')).json().detail).toBe('Evaluation not found');
    expect((await ask('/missing', 'de-DE, it;q=0.8')).json().detail).toBe('Evaluation not found');
  });

  it('translates a message built from values with its values', async () => {
    const fr = await ask('/cap', 'fr');
    expect(fr.json()).toEqual({ detail: expect.stringContaining('les 2 crédits de dissertation'), code: 'SCHOOL_POOL_CAP_REACHED' });
    expect((await ask('/cap', 'en')).json().detail).toBe(Messages.SCHOOL_POOL_CAP_REACHED(2));
  });

  it("translates a confirmation's message, the kit's own texts, and leaves texts outside the catalog in English", async () => {
    expect((await ask('/thing', 'es', 'DELETE')).json()).toEqual({ success: true, message: 'Enlace eliminado correctamente' });
    expect((await ask('/crash', 'fr')).json()).toEqual({ detail: 'Une erreur inattendue s’est produite', code: Codes.INTERNAL });
    const long = await ask(`/p/${'x'.repeat(200)}`, 'es');
    expect([long.statusCode, long.json()]).toEqual([
      414,
      { detail: 'Un valor de la dirección es demasiado largo', code: Codes.VALIDATION },
    ]);
    const bad = await ask('/typed', 'fr', 'POST');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ detail: 'n: must be integer', code: Codes.VALIDATION });
  });
});
