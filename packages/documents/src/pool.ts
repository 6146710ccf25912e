import { availableParallelism } from 'node:os';
import path from 'node:path';
import { Piscina } from 'piscina';

/**
 * The extraction pool: long-lived worker threads (piscina) that read .docx, .doc and .pdf files.
 * A worker started per upload cost ~30 ms of start-up plus loading its parser (mammoth ~70 ms,
 * pdf.js ~60 ms and ~400 ms on its first document) on every call; these start once and stay.
 *
 * Caps, as with a worker per call: each worker's heap is capped (a document that needs more
 * kills its worker; the pool starts another), and each task has a time limit that covers its wait
 * in the queue and its run — at the limit the pool ends the worker running it. The queue is
 * bounded by the services' own upload limits (uploads are admitted by HTTP, a few at a time).
 */
const WORKER_HEAP_MB = 512;
/** An idle worker stays this long: warm for the next upload, gone when a service has none for a while. */
const IDLE_MS = 10 * 60_000;

let pool: Piscina | undefined;

function extractionPool(): Piscina {
  pool ??= new Piscina({
    // plain CommonJS beside src/ and dist/: Node loads it as is, under jest too
    filename: path.join(__dirname, '..', 'worker', 'extract-worker.js'),
    minThreads: 1,
    maxThreads: Math.max(1, Math.min(4, availableParallelism())),
    idleTimeout: IDLE_MS,
    resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB },
  });
  return pool;
}

/**
 * One task for the pool's worker; rejects with an AbortError at the time limit, another error when
 * the worker died. `transfer`: buffers handed to the worker rather than copied (the caller's own).
 */
export function runExtraction<T>(task: object, timeoutMs: number, transfer: ArrayBuffer[] = []): Promise<T> {
  return extractionPool().run(task, { signal: AbortSignal.timeout(timeoutMs), transferList: transfer });
}
