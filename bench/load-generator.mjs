/**
 * autocannon in a process of its own (forked by bench/search.ts, which sends the job and gets the result over
 * IPC), as clients would be: in a thread of the benchmark's process its heap, its garbage collection and its
 * JIT shared the API's process, and cost the API about a third more CPU per request. Request bodies are sent
 * round-robin; every response time is kept so the benchmark can compute p95 (autocannon's own summary stops
 * at p90 and p97.5). The answer also says what this process cost in CPU.
 */
import autocannon from 'autocannon';

/**
 * `kinds` (optional) replaces url and bodies: each connection sends one request of each kind in turn (a search,
 * then a listing's details, …), and the answer also keeps the response times per kind.
 * @type {{url: string, bodies: string[], connections: number, seconds: number, headers: Record<string,string>,
 *   kinds?: {method: string, paths: string[], bodies?: string[]}[]}}
 */
const job = await new Promise((resolve) => process.once('message', resolve));
let next = 0;
const cpuAtStart = process.cpuUsage();
/** @type {number[]} */
const latencies = [];
/** @type {number[][]} */
const byKind = (job.kinds ?? []).map(() => []);
/** Responses per connection so far: with one request in flight per connection, the n-th is of kind n % kinds. */
const answered = new Map();
const kindCounters = (job.kinds ?? []).map(() => 0);
const requests = job.kinds
  ? job.kinds.map((k, i) => ({
      setupRequest: (req) => {
        const n = kindCounters[i]++;
        req.method = k.method;
        req.path = k.paths[n % k.paths.length];
        // A client of its own per request (up to 5,000), as many visitors are: details count their views.
        req.headers = { ...job.headers, 'user-agent': `bench-visitor-${n % 5000}`, ...(k.bodies ? { 'content-type': 'application/json' } : {}) };
        req.body = k.bodies ? k.bodies[n % k.bodies.length] : undefined;
        return req;
      },
    }))
  : [
      {
        setupRequest: (req) => {
          req.body = job.bodies[next++ % job.bodies.length];
          return req;
        },
      },
    ];

const instance = autocannon(
  {
    url: job.url,
    method: 'POST',
    connections: job.connections,
    duration: job.seconds,
    headers: { 'content-type': 'application/json', ...job.headers },
    requests,
  },
  (err, result) => {
    if (err) throw err;
    const out = {
      latencies,
      byKind,
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
instance.on('response', (client, _status, _bytes, responseTime) => {
  latencies.push(responseTime);
  if (byKind.length) {
    const n = answered.get(client) ?? 0;
    answered.set(client, n + 1);
    byKind[n % byKind.length].push(responseTime);
  }
});
