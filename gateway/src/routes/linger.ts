import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';

/** How long, and how many more body bytes, a refused upload is read and thrown away before the socket closes. */
const LINGER_MS = 5_000;
const LINGER_BYTES = 8 * 1024 * 1024;

/**
 * A "lingering close" for answers sent before the body was read (413): Node closes a
 * `connection: close` socket as soon as the answer is written, and closing a socket with unread
 * bytes makes the kernel send a reset — a client still sending its body then gets ECONNRESET
 * instead of our 413. Here the answer goes out with a FIN, the rest of the body is read and
 * dropped for a bounded time and size, and only then is the socket closed.
 */
export function lingerAfterAnswer(req: IncomingMessage): void {
  const socket = req.socket as Socket & { destroySoon?: () => void };
  if (req.complete || !socket || socket.destroyed) return;
  let dropped = 0;
  req.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > LINGER_BYTES) socket.destroy();
  });
  req.resume();
  socket.destroySoon = () => {
    socket.end();
    const timer = setTimeout(() => socket.destroy(), LINGER_MS);
    timer.unref();
    socket.once('close', () => clearTimeout(timer));
    socket.once('end', () => socket.destroy());
    req.once('end', () => socket.destroy());
  };
}
