/**
 * The OpenAPI document as a test oracle (issue 21, "the document is the contract"): finds the operation of a
 * request, and checks an answer against it — the status is one the operation lists, and the body is valid
 * against that status's schema (no content for a 204). `http()` in helpers.ts runs the check on every answer
 * of /api/v1, so every API test is also a test of the document. Schemas are compiled once per operation and
 * status. The document is OpenAPI 3.0: its schemas are turned into JSON Schema here the way OpenAPI 3.0.3
 * reads them (`nullable` adds null to an explicit `type` only; boolean `exclusiveMinimum`/`exclusiveMaximum`).
 */
import { Ajv, type ValidateFunction } from 'ajv';

type Json = Record<string, any>;

export interface Operation {
  method: string;
  /** The path as the document writes it, e.g. /api/v1/listings/{id}. */
  path: string;
  op: Json;
  /** Parameters of the operation, path and query. */
  parameters: Json[];
  pattern: RegExp;
  /** Fewer parameters first: a static path wins over a template, as in Fastify's router. */
  paramCount: number;
}

/** OpenAPI 3.0 Schema Object → JSON Schema (draft-07, as Ajv's default class reads it). */
export function toJsonSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(toJsonSchema);
  if (!schema || typeof schema !== 'object') return schema;
  const out: Json = {};
  for (const [k, v] of Object.entries(schema as Json)) {
    if (k === 'properties' || k === 'patternProperties') out[k] = Object.fromEntries(Object.entries(v as Json).map(([p, s]) => [p, toJsonSchema(s)]));
    else if (['items', 'additionalProperties', 'not', 'allOf', 'anyOf', 'oneOf'].includes(k)) out[k] = toJsonSchema(v);
    else if (k === '$ref') out[k] = `doc${v}`;
    else if (['nullable', 'exclusiveMinimum', 'exclusiveMaximum', 'example', 'xml', 'discriminator', 'externalDocs', 'deprecated', 'readOnly', 'writeOnly'].includes(k)) continue;
    else out[k] = v;
  }
  const s = schema as Json;
  if (s.nullable === true && typeof s.type === 'string') out.type = [s.type, 'null'];
  for (const [ex, bound] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (s[ex] === true) {
      out[ex] = s[bound];
      delete out[bound];
    } else if (typeof s[ex] === 'number') out[ex] = s[ex];
  }
  return out;
}

export class Contract {
  readonly operations: Operation[] = [];
  private readonly ajv: Ajv;
  private readonly validators = new Map<string, ValidateFunction>();

  constructor(readonly doc: Json) {
    this.ajv = new Ajv({ strict: false, allErrors: true, formats: { binary: true } });
    this.ajv.addSchema({ $id: 'doc', components: { schemas: toJsonSchema(doc.components?.schemas ?? {}) } });
    for (const [path, item] of Object.entries(doc.paths as Json)) {
      for (const [method, op] of Object.entries(item as Json)) {
        if (!['get', 'put', 'post', 'delete', 'patch', 'options', 'head'].includes(method)) continue;
        const names: string[] = [];
        const source = trimSlash(path)
          .split(/(\{[^}]+\})/)
          .map((part) => {
            const m = /^\{([^}]+)\}$/.exec(part);
            if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(m[1]!);
            return '([^/]+)';
          })
          .join('');
        this.operations.push({
          method: method.toUpperCase(),
          path,
          op: op as Json,
          parameters: [...((item as Json).parameters ?? []), ...((op as Json).parameters ?? [])],
          pattern: new RegExp(`^${source}$`),
          paramCount: names.length,
        });
      }
    }
    this.operations.sort((a, b) => a.paramCount - b.paramCount);
  }

  /** The operation a request reaches (trailing slashes ignored, as the server does). */
  find(method: string, pathname: string): Operation | undefined {
    const p = trimSlash(pathname);
    return this.operations.find((o) => o.method === method.toUpperCase() && o.pattern.test(p));
  }

  /** A compiled validator of a JSON Schema (cached under `key`). */
  validator(key: string, schema: () => unknown): ValidateFunction {
    let v = this.validators.get(key);
    if (!v) {
      v = this.ajv.compile(toJsonSchema(schema()) as object);
      this.validators.set(key, v);
    }
    return v;
  }

  /**
   * What is wrong with an answer, as sentences; empty when the document describes it. Paths outside the document
   * (an unknown path, a method no operation has) must still answer the error contract: {"detail": "..."}.
   */
  check(method: string, pathname: string, status: number, contentType: string | null, text: string): string[] {
    const op = this.find(method, pathname);
    if (!op) {
      if (status < 400) return [`${method} ${pathname} answered ${status}, but the document has no such operation`];
      return this.checkBody(`error ${status}`, errorSchema, contentType, text);
    }
    const name = `${op.method} ${op.path}`;
    const response = op.op.responses?.[String(status)] ?? op.op.responses?.[`${String(status)[0]}XX`] ?? op.op.responses?.default;
    if (!response) return [`${name} answered ${status}, which the document does not list (it lists ${Object.keys(op.op.responses ?? {}).join(', ')})`];
    const content = response.content as Json | undefined;
    if (!content || Object.keys(content).length === 0) {
      return text === '' ? [] : [`${name} answered ${status} with a body, but the document says it has no content`];
    }
    const json = content['application/json'];
    if (!json) return [];
    return this.checkBody(`${name} ${status}`, () => json.schema ?? {}, contentType, text).map((p) => `${name} answered ${status}: ${p}`);
  }

  private checkBody(key: string, schema: () => unknown, contentType: string | null, text: string): string[] {
    if (!/^application\/json\b/i.test(contentType ?? '')) return [`content type ${contentType ?? '(none)'}, not JSON`];
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return ['a body that is not JSON'];
    }
    const validate = this.validator(key, schema);
    if (validate(body)) return [];
    return [
      `a body the document does not describe: ${this.ajv.errorsText(validate.errors, { separator: '; ' })} — ${text.length > 300 ? `${text.slice(0, 300)}…` : text}`,
    ];
  }
}

/** The error contract of every answer the document does not describe otherwise (DESIGN §4). */
const errorSchema = () => ({ type: 'object', properties: { detail: { type: 'string' } }, required: ['detail'], additionalProperties: false });

const trimSlash = (p: string) => (p.length > 1 ? p.replace(/\/+$/, '') : p);

const contracts = new Map<string, Promise<Contract>>();

/** The document of the server at `base`, read once (GET /api/docs/json). */
export function contractOf(base: string): Promise<Contract> {
  let c = contracts.get(base);
  if (!c) {
    c = fetch(`${base}/api/docs/json`).then(async (r) => {
      if (!r.ok) throw new Error(`GET ${base}/api/docs/json answered ${r.status}`);
      return new Contract((await r.json()) as Json);
    });
    contracts.set(base, c);
    c.catch(() => contracts.delete(base));
  }
  return c;
}
