/**
 * autocannon in a process of its own (forked by bench/search.ts, which sends the job and gets the result over
 * IPC), as clients would be: in a thread of the benchmark's process its heap, its garbage collection and its
 * JIT shared the API's process, and cost the API about a third more CPU per request. Request bodies are sent
 * round-robin; every response time is kept so the benchmark can compute p95 (autocannon's own summary stops
 * at p90 and p97.5). The answer also says what this process cost in CPU.
 */
import autocannon from 'autocannon';

/** @type {{url: string, bodies: string[], connections: number, seconds: number, headers: Record<string,string>}} */
const job = await new Promise((resolve) => process.once('message', resolve));
let next = 0;
const cpuAtStart = process.cpuUsage();
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
      // Run from a script, autocannon answers its raw result (encoded histograms, plain totals).
      requests: result.totalCompletedRequests ?? result.requests.total,
      non2xx: result.non2xx,
      errors: result.errors,
      timeouts: result.timeouts,
      seconds: result.duration,
      bytes: result.totalBytes ?? result.throughput.total,
      cpuMs: ((u) => (u.user + u.system) / 1000)(process.cpuUsage(cpuAtStart)),
    };
    process.send(out, () => process.exit(0));
  },
);
instance.on('response', (_client, _status, _bytes, responseTime) => {
  latencies.push(responseTime);
});
