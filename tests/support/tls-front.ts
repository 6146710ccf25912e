/**
 * A TLS-terminating front for a platform under test, as an operator puts one in front of the
 * gateway (an Ingress with TLS, a reverse proxy before port 8080 in deploy/compose.yaml): HTTPS on
 * a loopback port, each request passed to the gateway over HTTP with X-Forwarded-Proto/-For/-Host.
 *
 * The certificate is made for the run by the machine's `openssl` (self-signed, `localhost` and
 * 127.0.0.1, one day). Chromium is told to trust exactly its key (`chromiumArgs`:
 * --ignore-certificate-errors-spki-list with the key's SHA-256), so every other certificate check
 * stays on: the page really is served over https at the platform's https PUBLIC_BASE_URL.
 */
import { execFileSync } from 'node:child_process';
import { X509Certificate, createHash } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';

export interface TlsFront {
  /** `https://127.0.0.1:<port>` (no trailing slash). */
  url: string;
  /** Chromium arguments that trust this front's certificate (and no other unknown one). */
  chromiumArgs: string[];
  /** Points the front at the gateway (requests before this answer 502). */
  forwardTo(gatewayUrl: string): void;
  close(): Promise<void>;
}

function selfSignedCertificate(): { key: string; cert: string } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'corestone-tls-'));
  try {
    const key = path.join(dir, 'key.pem');
    const cert = path.join(dir, 'cert.pem');
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        key,
        '-out',
        cert,
        '-days',
        '1',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: fs.readFileSync(key, 'utf8'), cert: fs.readFileSync(cert, 'utf8') };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Starts the front on `port` (chosen before the platform starts: its URL is the platform's PUBLIC_BASE_URL). */
export async function startTlsFront(port: number): Promise<TlsFront> {
  const { key, cert } = selfSignedCertificate();
  const spki = new X509Certificate(cert).publicKey.export({ type: 'spki', format: 'der' });
  const pin = createHash('sha256').update(spki).digest('base64');
  let upstream: URL | undefined;

  const server = https.createServer({ key, cert }, (req, res) => {
    if (!upstream) {
      res.writeHead(502).end('the platform is not up yet');
      return;
    }
    const headers = {
      ...req.headers,
      'x-forwarded-proto': 'https',
      'x-forwarded-host': req.headers.host ?? '',
      'x-forwarded-for': req.socket.remoteAddress ?? '',
    };
    const forwarded = http.request(
      { host: upstream.hostname, port: upstream.port, method: req.method, path: req.url, headers },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on('error', () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}`,
    chromiumArgs: [`--ignore-certificate-errors-spki-list=${pin}`],
    forwardTo: (gatewayUrl) => void (upstream = new URL(gatewayUrl)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
