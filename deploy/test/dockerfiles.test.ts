/** Every Dockerfile lints clean (dockerfile-utils) and keeps the image rules of deploy/docker/README.md. */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { validate } from 'dockerfile-utils';
import { repoRoot } from './support';

const dockerDir = path.join(repoRoot, 'deploy', 'docker');
const dockerfiles = fs.readdirSync(dockerDir).filter((f) => /^Dockerfile(\..+)?$/.test(f));
const read = (f: string) => fs.readFileSync(path.join(dockerDir, f), 'utf8');

it('finds the service and the frontends Dockerfiles', () => {
  expect(dockerfiles.sort()).toEqual(['Dockerfile', 'Dockerfile.frontends']);
});

describe.each(dockerfiles)('%s', (name) => {
  const text = read(name);
  const instructions = text.split('\n').filter((l) => /^[A-Z]+\s/.test(l));

  it('lints without problems', () => {
    expect(validate(text).map((d) => `line ${d.range.start.line + 1}: ${d.message}`)).toEqual([]);
  });

  it('is multi-stage from a base image given as a build argument', () => {
    const froms = instructions.filter((l) => l.startsWith('FROM '));
    expect(froms.length).toBeGreaterThanOrEqual(3);
    for (const from of froms) expect(from).toMatch(/^FROM (\$\{[A-Z_]+_IMAGE\}|[a-z]+) AS [a-z]+$/);
    expect(text).toMatch(/^ARG NODE_IMAGE=node:22-bookworm-slim$/m);
    expect(text).toContain('turbo prune');
    expect(text).toContain('--docker');
  });

  it('ends as a numeric non-root user with a HEALTHCHECK and OCI labels', () => {
    const final = text.slice(text.lastIndexOf('\nFROM '));
    expect(final).toMatch(/^USER [1-9]\d*:[1-9]\d*$/m);
    expect(final).toMatch(/^HEALTHCHECK /m);
    for (const label of ['source', 'revision', 'version']) expect(final).toContain(`org.opencontainers.image.${label}=`);
  });

  it('puts no secrets in layers', () => {
    expect(text).not.toMatch(/^(ENV|ARG)\s+\S*(SECRET|PASSWORD|TOKEN|PRIVATE_KEY|API_KEY)/im);
    expect(text).not.toMatch(/^ADD\s+https?:/im);
  });
});

it('keeps dependencies, builds and local secrets out of the build context', () => {
  const ignored = fs.readFileSync(path.join(repoRoot, '.dockerignore'), 'utf8').split('\n');
  for (const entry of ['**/node_modules', '**/dist', '.git', '.keys', '.data', '**/.env']) expect(ignored).toContain(entry);
});

it('assembles the shell, the remotes and the manifest the shell reads', () => {
  const src = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-fe-'));
  const site = path.join(src, 'site');
  const write = (rel: string, content: string) => {
    fs.mkdirSync(path.dirname(path.join(src, rel)), { recursive: true });
    fs.writeFileSync(path.join(src, rel), content);
  };
  write('frontends/shell/dist/index.html', '<html></html>');
  write('frontends/student/dist/remoteEntry.js', '//student');
  write('frontends/admin/dist/remoteEntry.js', '//admin');
  write('frontends/test-support/setup.js', '// not a remote');
  try {
    execFileSync(path.join(dockerDir, 'assemble-frontends.sh'), [path.join(src, 'frontends'), site]);
    expect(fs.readFileSync(path.join(site, 'index.html'), 'utf8')).toBe('<html></html>');
    expect(fs.readFileSync(path.join(site, 'mf', 'student', 'remoteEntry.js'), 'utf8')).toBe('//student');
    expect(JSON.parse(fs.readFileSync(path.join(site, 'mf', 'manifest.json'), 'utf8'))).toEqual({
      remotes: { admin: '/mf/admin/remoteEntry.js', student: '/mf/student/remoteEntry.js' },
    });
    expect(fs.existsSync(path.join(site, 'mf', 'test-support'))).toBe(false);
  } finally {
    fs.rmSync(src, { recursive: true, force: true });
  }
});
