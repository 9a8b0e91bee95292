/**
 * autocannon in a worker thread, so the load generator does not share the API's event loop (the API runs
 * in the main thread of the benchmark). Request bodies are sent round-robin; every response time is kept
 * so the main thread can compute p95 (autocannon's own summary stops at p90 and p97.5).
 */
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/** @type {{url: string, bodies: string[], connections: number, seconds: number, headers: Record<string,string>}} */
const job = workerData;
let next = 0;
/** @type {number[]} */
const latencies = [];

const instance = autocannon(
  {
    url: job.url,
    method: 'POST',
    connections: job.connections,
    duration: job.seconds,
    headers: { 'content-type': 'application/json', ...job.headers },
    requests: [
      {
        setupRequest: (req) => {
          req.body = job.bodies[next++ % job.bodies.length];
          return req;
        },
      },
    ],
  },
  (err, result) => {
    if (err) throw err;
    const out = {
      latencies,
      // Off the main thread autocannon answers its raw result (encoded histograms, plain totals).
      requests: result.totalCompletedRequests ?? result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      seconds: result.duration,
      bytes: result.totalBytes ?? result.throughput.total,
    };
    parentPort.postMessage(out);
  },
);
instance.on('response', (_client, _status, _bytes, responseTime) => {
  latencies.push(responseTime);
});
