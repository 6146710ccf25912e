import { DEFAULT_REMOTES, localFolders, parseRemotes, remoteOrigins } from '../src/domain/remotes';

describe('remote configuration', () => {
  it('reads names, URLs and versions; the folders served here and the origins elsewhere follow from the URLs', () => {
    const remotes = parseRemotes(
      JSON.stringify({
        remotes: {
          student: { url: '/mf/student-2/remoteEntry.js', version: '2.0.0' },
          admin: { url: 'https://cdn.example.org/admin/remoteEntry.js' },
          links_ui: { url: 'http://static.local:9000/links/remoteEntry.js' },
          odd: { url: '/mf/shell/remoteEntry.js' },
        },
      }),
      'MF_REMOTES',
    );
    expect([...localFolders(remotes)]).toEqual(['student-2']); // never the shell's own folder
    expect(remoteOrigins(remotes)).toEqual(['https://cdn.example.org', 'http://static.local:9000']);
    expect([...localFolders(DEFAULT_REMOTES)].sort()).toEqual(['admin', 'student']);
    expect(remoteOrigins(DEFAULT_REMOTES)).toEqual([]);
  });

  it('refuses what could escape the frontends folder or run as something else', () => {
    for (const url of [
      '/mf/../x/remoteEntry.js',
      '/mf/a.b/remoteEntry.js',
      '/mf/x/',
      '/elsewhere/remoteEntry.js',
      'javascript:alert(1)',
      'data:text/javascript,1',
      '//cdn.example.org/x.js',
    ]) {
      expect(() => parseRemotes(JSON.stringify({ remotes: { x: { url } } }), 'MF_REMOTES')).toThrow(/MF_REMOTES/);
    }
    expect(() => parseRemotes('{"remotes": {"x": {"url": "/mf/x/remoteEntry.js", "extra": 1}}}', 'F')).toThrow(/F: expected/);
    expect(() => parseRemotes('{"remotes": {"x": {"url": "/mf/x/remoteEntry.js", "version": ""}}}', 'F')).toThrow(/F: expected/);
    expect(() => parseRemotes('{"remotes": {"1x": {"url": "/mf/x/remoteEntry.js"}}}', 'F')).toThrow(/not a valid remote name/);
  });
});
