import { draftKey, forgetDrafts } from '../src';

describe('drafts', () => {
  beforeEach(() => sessionStorage.clear());

  test('a draft key names its parts under one prefix', () => {
    expect(draftKey('upload', 'u1', 'ee')).toBe('corestone.draft.upload.u1.ee');
  });

  test("signing out forgets every user's drafts in this tab and nothing else", () => {
    sessionStorage.setItem(draftKey('upload', 'u1', 'ee'), '{"meta":{}}');
    sessionStorage.setItem(draftKey('upload', 'u1', 'tok'), '{}');
    sessionStorage.setItem(draftKey('upload', 'u2', 'ee'), '{}');
    sessionStorage.setItem('corestone.splash-seen', '1');
    forgetDrafts();
    expect(Object.keys(sessionStorage)).toEqual(['corestone.splash-seen']);
  });

  test('storage that refuses is no error', () => {
    const refusing = {
      get length(): number {
        throw new Error('SecurityError');
      },
    } as unknown as Storage;
    expect(() => forgetDrafts(refusing)).not.toThrow();
    expect(() => forgetDrafts(null)).not.toThrow();
  });
});
