import { Type } from '@sinclair/typebox';
import { ErrorEnvelope } from '@corestone/contracts';
import { createServiceApp, errorResponses, security, type RoutePlugin } from '../src';

/**
 * The app `createServiceApp` returns keeps its TypeBox type provider: a route plugin reads
 * `req.body`, `req.params` and `req.query` as their schemas' types. This file would not
 * compile (npm run typecheck) if the kit cast the provider away again.
 */
const Greeting = Type.Object({ name: Type.String({ maxLength: 20 }) });
const greetings: RoutePlugin<{ punctuation: string }> = async (app, { punctuation }) => {
  app.post(
    '/greet/:lang',
    {
      schema: {
        security,
        params: Type.Object({ lang: Type.Union([Type.Literal('en'), Type.Literal('fr')]) }),
        querystring: Type.Object({ times: Type.Integer({ minimum: 1, maximum: 3, default: 1 }) }),
        body: Greeting,
        response: { 200: Type.Object({ text: Type.String() }), ...errorResponses(400, 404) },
      },
    },
    async (req) => {
      const word: string = req.params.lang === 'en' ? 'Hello' : 'Bonjour';
      const name: string = req.body.name;
      const times: number = req.query.times;
      return { text: Array.from({ length: times }, () => `${word} ${name}${punctuation}`).join(' ') };
    },
  );
};

describe('typed route plugins', () => {
  const app = createServiceApp({ name: 'routes-test', logLevel: 'silent' });
  void app.register(greetings, { punctuation: '!' });
  afterAll(() => app.close());

  it('hands the handler the request typed and checked by its schemas', async () => {
    const res = await app.inject({ method: 'POST', url: '/greet/fr?times=2', payload: { name: 'Ada' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ text: 'Bonjour Ada! Bonjour Ada!' });
  });

  it('answers the {detail, code} envelope for input the schemas refuse', async () => {
    const res = await app.inject({ method: 'POST', url: '/greet/de', payload: { name: 'Ada' } });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json()).sort()).toEqual(['code', 'detail']);
  });

  it('describes the route with the bearer requirement and the error envelopes', async () => {
    await app.ready();
    const op = app.swagger().paths?.['/greet/{lang}']?.post;
    expect(op?.security).toEqual([{ bearer: [] }]);
    expect(Object.keys(op?.responses ?? {}).sort()).toEqual(['200', '400', '404']);
  });
});

describe('errorResponses', () => {
  it('maps each status to the error envelope', () => {
    expect(errorResponses(401, 403)).toEqual({ 401: ErrorEnvelope, 403: ErrorEnvelope });
  });
});
