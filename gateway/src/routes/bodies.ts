import type { Readable } from 'node:stream';
import { badRequest } from '@corestone/service-kit';

/**
 * Request bodies announced by a Content-Length up to this many bytes are read whole before they
 * are forwarded (an essay upload is ~30 KB): one buffer goes upstream with the request head in
 * one write, with no stream plumbing per chunk. Longer ones, and chunked ones, stream.
 */
export const COLLECT_BODY_LIMIT = 256 * 1024;

/**
 * The Content-Length of a body to read whole, or null to stream it. The guard has already refused
 * a length over the route's budget, and HTTP/1.1 framing never reads more than the announced
 * bytes as this request's body, so such a body needs no counting.
 */
export function collectableLength(headers: { 'content-length'?: string; 'transfer-encoding'?: string }): number | null {
  const announced = headers['content-length'];
  if (announced === undefined || headers['transfer-encoding'] !== undefined) return null;
  const length = Number(announced);
  return length > 0 && length <= COLLECT_BODY_LIMIT ? length : null;
}

/** Reads exactly `length` bytes into one buffer; an error when the client stops short or goes away. */
export function readWhole(stream: Readable, length: number, done: (err: Error | null, body?: Buffer) => void): void {
  const body = Buffer.allocUnsafe(length);
  let at = 0;
  let settled = false;
  const settle = (err: Error | null) => {
    if (settled) return;
    settled = true;
    if (err) return done(err);
    done(null, body);
  };
  stream.on('data', (chunk: Buffer) => {
    if (at + chunk.length <= length) chunk.copy(body, at);
    at += chunk.length;
  });
  stream.once('end', () => settle(at === length ? null : badRequest('The request body does not match its Content-Length')));
  stream.once('error', settle);
  // 'close' without 'end': the client went away mid-body (the error, if any, came first).
  stream.once('close', () => settle(new Error('the client went away before sending the whole body')));
}
