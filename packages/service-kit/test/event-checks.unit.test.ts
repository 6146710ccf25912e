import { Events } from '@corestone/contracts';
import type { TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import { checkerOf, makeEvent, parseEvent } from '../src/nats';

/**
 * Events are checked with compiled checkers (TypeCompiler) instead of Value.Check: every contract
 * must accept and refuse exactly the payloads Value.Check accepts and refuses.
 */

const WRONG: unknown[] = [undefined, null, 0, -1, 1.5, NaN, Infinity, '', 'x'.repeat(300), true, [], {}, [1], { a: 1 }, 2 ** 53];

type Schema = TSchema & { properties?: Record<string, TSchema>; items?: TSchema; anyOf?: TSchema[] };

function sample(schema: TSchema): unknown {
  try {
    return Value.Create(schema);
  } catch {
    return undefined; // a schema Value.Create cannot fill (the wrong values still exercise it)
  }
}

/** A valid value, the wrong kinds of value, and (to a depth) the value with each part dropped, wrong or added to. */
function* variants(schema: Schema, value: unknown, depth = 0): Generator<unknown> {
  yield value;
  yield* WRONG;
  if (depth >= 3) return;
  for (const option of schema.anyOf ?? []) yield* variants(option, sample(option), depth + 1);
  if (schema.properties && value && typeof value === 'object' && !Array.isArray(value)) {
    const object = value as Record<string, unknown>;
    for (const [key, property] of Object.entries(schema.properties)) {
      const { [key]: _dropped, ...rest } = object;
      yield rest;
      for (const part of variants(property as Schema, key in object ? object[key] : sample(property), depth + 1))
        yield { ...object, [key]: part };
    }
    yield { ...object, unexpected: 1 };
  }
  if (schema.items && Array.isArray(value)) {
    const item = value[0] ?? sample(schema.items);
    yield [];
    yield [item, item];
    for (const part of variants(schema.items as Schema, item, depth + 1)) yield [part];
  }
}

describe('compiled event checks', () => {
  it.each(Object.entries(Events))('%s: the compiled checker accepts and refuses what Value.Check does', (_name, def) => {
    const schema = def.schema as Schema;
    let valid = 0;
    let checked = 0;
    for (const value of variants(schema, sample(schema))) {
      const expected = Value.Check(schema, value);
      expect([value, checkerOf(schema).Check(value)]).toEqual([value, expected]);
      if (expected) valid++;
      checked++;
    }
    expect(checked).toBeGreaterThan(WRONG.length);
    expect(valid).toBeGreaterThan(0); // the generated sample at least
  });

  it('compiles each schema once', () => {
    const schema = Events.gradingCompleted.schema;
    expect(checkerOf(schema)).toBe(checkerOf(schema));
  });

  it('parseEvent and makeEvent refuse an invalid payload with the first error Value.Errors names', () => {
    const def = Events.usersCreated;
    const data = { user_id: 'u1', email: 'a@b.example', role: 7, first_name: 'A', last_name: 'B' };
    const first = [...Value.Errors(def.schema, data)][0];
    const reason = `invalid ${def.subject} payload: ${first.path} ${first.message}`;
    expect(() => parseEvent(JSON.stringify({ id: 'e1', type: def.subject, version: def.version, occurredAt: '', data }))).toThrow(reason);
    expect(() => makeEvent(def, data as never)).toThrow(reason);
  });
});
