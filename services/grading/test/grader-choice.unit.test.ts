import { loadConfig } from '@corestone/service-kit';
import { GradingConfig, resolveGrader } from '../src/config';
import { createGraders } from '../src/app/graders';

/** GRADER: one setting, `auto` by default — the model grader exactly when one is configured. */
const config = (env: Record<string, string>) => loadConfig(GradingConfig, { NATS_URL: 'nats://127.0.0.1:4222', ...env });

describe('which grader grades', () => {
  it('auto (the default): the model grader when an OpenAI key or a compatible endpoint is configured, else the built-in one', () => {
    expect(config({}).GRADER).toBe('auto');
    expect(resolveGrader(config({}))).toBe('builtin');
    expect(resolveGrader(config({ OPENAI_API_KEY: 'sk-x' }))).toBe('openai');
    expect(resolveGrader(config({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }))).toBe('openai');
  });

  it('builtin, openai and spec-local force one whatever else is set', () => {
    expect(resolveGrader(config({ GRADER: 'builtin', OPENAI_API_KEY: 'sk-x' }))).toBe('builtin');
    expect(resolveGrader(config({ GRADER: 'openai', OPENAI_API_KEY: 'sk-x' }))).toBe('openai');
    expect(resolveGrader(config({ GRADER: 'spec-local', OPENAI_API_KEY: 'sk-x' }))).toBe('spec-local');
  });

  it('refuses openai forced with no model configured, and any other value', () => {
    expect(() => resolveGrader(config({ GRADER: 'openai' }))).toThrow(/GRADER=openai needs OPENAI_API_KEY \(or OPENAI_BASE_URL/);
    expect(() => createGraders(config({ GRADER: 'openai' }))).toThrow(/GRADER=openai needs OPENAI_API_KEY/);
    expect(() => config({ GRADER: 'gpt' })).toThrow(/GRADER/);
  });

  it('offers the model grader only when one is configured', () => {
    expect(Object.keys(createGraders(config({}))).sort()).toEqual(['builtin', 'spec-local']);
    expect(Object.keys(createGraders(config({ OPENAI_BASE_URL: 'http://127.0.0.1:11434/v1' }))).sort()).toEqual([
      'builtin',
      'openai',
      'spec-local',
    ]);
  });
});
