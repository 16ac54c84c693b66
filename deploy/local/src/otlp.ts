/**
 * OTLP/HTTP trace exports, decoded into plain spans: protobuf through protobufjs and the proto
 * definitions in `deploy/local/otlp/` (field numbers of opentelemetry-proto), JSON per the OTLP/JSON
 * rules (lowerCamelCase names, hex trace and span ids, enums as integers, 64-bit integers as strings
 * or numbers). Both encodings go through one normaliser, so they cannot drift apart.
 */
import path from 'node:path';
import protobuf from 'protobufjs';
import { packageDir } from './paths';

/** Span kinds as OTLP numbers them (`Span.SpanKind`). */
export const SPAN_KINDS = ['UNSPECIFIED', 'INTERNAL', 'SERVER', 'CLIENT', 'PRODUCER', 'CONSUMER'] as const;
export type SpanKindName = (typeof SPAN_KINDS)[number];

/** Status codes as OTLP numbers them (`Status.StatusCode`). */
export const STATUS_CODES = ['UNSET', 'OK', 'ERROR'] as const;
export type StatusCodeName = (typeof STATUS_CODES)[number];

/** An attribute value: OTLP's AnyValue as plain JSON (int64 beyond 2^53 stays a decimal string, bytes are base64). */
export type AttributeValue = string | number | boolean | null | AttributeValue[] | { [key: string]: AttributeValue };

/** One span, decoded; the receiver turns it into what `GET /api/traces` shows. */
export interface DecodedSpan {
  /** `service.name` of the span's resource (`unknown_service` when absent). */
  service: string;
  name: string;
  /** 32 lowercase hex digits. */
  traceId: string;
  /** 16 lowercase hex digits. */
  spanId: string;
  /** null for a root span. */
  parentSpanId: string | null;
  kind: SpanKindName;
  startNs: bigint;
  endNs: bigint;
  status: { code: StatusCodeName; message?: string };
  attributes: Record<string, AttributeValue>;
}

/** The decoded export: its valid spans, and how many were refused with the first reason. */
export interface DecodedExport {
  spans: DecodedSpan[];
  rejected: number;
  /** Why the first refused span was refused (Italian). */
  rejectedReason?: string;
}

export type OtlpEncoding = 'protobuf' | 'json';

/** The whole body is unreadable: answered with 400 and a google.rpc.Status. */
export class OtlpDecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OtlpDecodeError';
  }
}

/** Folder of the proto definitions (beside `src/` and `dist/`). */
export const OTLP_PROTO_DIR = path.join(packageDir, 'otlp');

interface OtlpTypes {
  request: protobuf.Type;
  response: protobuf.Type;
  status: protobuf.Type;
}
let types: OtlpTypes | undefined;

/** Loads the proto definitions once; imports resolve against {@link OTLP_PROTO_DIR}. */
function otlpTypes(): OtlpTypes {
  if (!types) {
    const root = new protobuf.Root();
    root.resolvePath = (_origin, target) => (path.isAbsolute(target) ? target : path.join(OTLP_PROTO_DIR, target));
    root.loadSync(['opentelemetry/proto/collector/trace/v1/trace_service.proto', 'google/rpc/status.proto']);
    types = {
      request: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest'),
      response: root.lookupType('opentelemetry.proto.collector.trace.v1.ExportTraceServiceResponse'),
      status: root.lookupType('google.rpc.Status'),
    };
  }
  return types;
}

type Json = Record<string, unknown>;

function isObject(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v) && !(v instanceof Uint8Array);
}

/** A field by its OTLP/JSON name, or by its proto name (receivers may accept both). */
function field(o: Json, camel: string): unknown {
  if (camel in o) return o[camel];
  const snake = camel.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return o[snake];
}

function list(o: Json, camel: string, what: string): unknown[] {
  const v = field(o, camel);
  if (v === undefined || v === null) return [];
  if (!Array.isArray(v)) throw new OtlpDecodeError(`${what}: deve essere un array`);
  return v;
}

/** Trace and span ids: raw bytes (protobuf) or hex (OTLP/JSON), to lowercase hex; empty → undefined. */
function hexId(v: unknown, bytes: number, what: string): string | undefined {
  if (v === undefined || v === null || v === '') return undefined;
  let hex: string;
  if (v instanceof Uint8Array) hex = Buffer.from(v).toString('hex');
  else if (typeof v === 'string') hex = v.toLowerCase();
  else throw new OtlpDecodeError(`${what} non valido`);
  if (hex.length === 0) return undefined;
  if (hex.length !== bytes * 2 || !/^[0-9a-f]+$/.test(hex)) throw new OtlpDecodeError(`${what} non valido: ${bytes * 2} cifre esadecimali attese`);
  if (/^0+$/.test(hex)) throw new OtlpDecodeError(`${what} non valido: tutto zero`);
  return hex;
}

/** fixed64/int64 as OTLP/JSON allows (decimal string or number) or as protobufjs gives it (string). */
function int64(v: unknown, what: string): bigint {
  if (v === undefined || v === null) return 0n;
  if (typeof v === 'bigint') return v;
  if ((typeof v === 'number' && Number.isInteger(v)) || (typeof v === 'string' && /^-?\d+$/.test(v))) return BigInt(v);
  throw new OtlpDecodeError(`${what} non valido`);
}

function enumValue<T extends readonly string[]>(v: unknown, names: T, prefix: string, what: string): T[number] {
  if (v === undefined || v === null) return names[0];
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < names.length) return names[v];
  // OTLP/JSON wants integers; a name (as protobuf's generic JSON mapping writes it) is accepted too.
  if (typeof v === 'string') {
    const name = v.startsWith(prefix) ? v.slice(prefix.length) : v;
    const found = names.find((n) => n === name);
    if (found) return found;
  }
  throw new OtlpDecodeError(`${what} non valido: ${JSON.stringify(v)}`);
}

function anyValue(v: unknown, depth = 0): AttributeValue {
  if (depth > 16) throw new OtlpDecodeError('attributo annidato troppo in profondità');
  if (!isObject(v)) return null;
  if ('stringValue' in v || 'string_value' in v) return String(field(v, 'stringValue'));
  if ('boolValue' in v || 'bool_value' in v) return field(v, 'boolValue') === true || field(v, 'boolValue') === 'true';
  if ('intValue' in v || 'int_value' in v) {
    const n = int64(field(v, 'intValue'), 'intValue');
    return n >= BigInt(Number.MIN_SAFE_INTEGER) && n <= BigInt(Number.MAX_SAFE_INTEGER) ? Number(n) : n.toString();
  }
  if ('doubleValue' in v || 'double_value' in v) return Number(field(v, 'doubleValue'));
  if ('bytesValue' in v || 'bytes_value' in v) {
    const b = field(v, 'bytesValue');
    return b instanceof Uint8Array ? Buffer.from(b).toString('base64') : String(b);
  }
  if ('arrayValue' in v || 'array_value' in v) {
    const arr = field(v, 'arrayValue');
    return isObject(arr) ? list(arr, 'values', 'arrayValue.values').map((x) => anyValue(x, depth + 1)) : [];
  }
  if ('kvlistValue' in v || 'kvlist_value' in v) {
    const kv = field(v, 'kvlistValue');
    return isObject(kv) ? keyValues(list(kv, 'values', 'kvlistValue.values'), depth + 1) : {};
  }
  return null;
}

function keyValues(items: unknown[], depth = 0): Record<string, AttributeValue> {
  const out: Record<string, AttributeValue> = {};
  for (const item of items) {
    if (!isObject(item) || typeof item.key !== 'string') throw new OtlpDecodeError('attributo senza chiave');
    out[item.key] = anyValue(item.value, depth);
  }
  return out;
}

function decodeSpan(raw: unknown, service: string): DecodedSpan {
  if (!isObject(raw)) throw new OtlpDecodeError('span non valido');
  const traceId = hexId(field(raw, 'traceId'), 16, 'traceId');
  const spanId = hexId(field(raw, 'spanId'), 8, 'spanId');
  if (!traceId) throw new OtlpDecodeError('span senza traceId');
  if (!spanId) throw new OtlpDecodeError('span senza spanId');
  const startNs = int64(field(raw, 'startTimeUnixNano'), 'startTimeUnixNano');
  const endNs = int64(field(raw, 'endTimeUnixNano'), 'endTimeUnixNano');
  const status = field(raw, 'status');
  const statusMessage = isObject(status) && typeof status.message === 'string' && status.message ? status.message : undefined;
  return {
    service,
    name: typeof raw.name === 'string' ? raw.name : '',
    traceId,
    spanId,
    parentSpanId: hexId(field(raw, 'parentSpanId'), 8, 'parentSpanId') ?? null,
    kind: enumValue(raw.kind, SPAN_KINDS, 'SPAN_KIND_', 'kind'),
    startNs,
    endNs: endNs < startNs ? startNs : endNs,
    status: {
      code: isObject(status) ? enumValue(status.code, STATUS_CODES, 'STATUS_CODE_', 'status.code') : 'UNSET',
      ...(statusMessage ? { message: statusMessage } : {}),
    },
    attributes: keyValues(list(raw, 'attributes', 'attributes')),
  };
}

/**
 * An ExportTraceServiceRequest as a plain object (OTLP/JSON, or protobuf through `toObject`) to spans.
 * A malformed request throws {@link OtlpDecodeError}; a malformed span is counted as rejected.
 */
function normalise(request: unknown): DecodedExport {
  if (!isObject(request)) throw new OtlpDecodeError('il corpo deve essere un ExportTraceServiceRequest');
  const result: DecodedExport = { spans: [], rejected: 0 };
  for (const resourceSpans of list(request, 'resourceSpans', 'resourceSpans')) {
    if (!isObject(resourceSpans)) throw new OtlpDecodeError('resourceSpans: elemento non valido');
    const resource = field(resourceSpans, 'resource');
    const resourceAttributes = isObject(resource) ? keyValues(list(resource, 'attributes', 'resource.attributes')) : {};
    const serviceName = resourceAttributes['service.name'];
    const service = typeof serviceName === 'string' && serviceName ? serviceName : 'unknown_service';
    for (const scopeSpans of list(resourceSpans, 'scopeSpans', 'scopeSpans')) {
      if (!isObject(scopeSpans)) throw new OtlpDecodeError('scopeSpans: elemento non valido');
      for (const raw of list(scopeSpans, 'spans', 'spans')) {
        try {
          result.spans.push(decodeSpan(raw, service));
        } catch (err) {
          if (!(err instanceof OtlpDecodeError)) throw err;
          result.rejected++;
          result.rejectedReason ??= err.message;
        }
      }
    }
  }
  return result;
}

/**
 * Decodes an uncompressed export body.
 *
 * @example
 * const { spans } = decodeTraceExport(body, 'protobuf');
 */
export function decodeTraceExport(body: Buffer, encoding: OtlpEncoding): DecodedExport {
  if (encoding === 'json') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch (err) {
      throw new OtlpDecodeError(`JSON non valido: ${(err as Error).message}`);
    }
    return normalise(parsed);
  }
  const { request } = otlpTypes();
  let message: protobuf.Message;
  try {
    message = request.decode(body);
  } catch (err) {
    throw new OtlpDecodeError(`protobuf non valido: ${(err as Error).message}`);
  }
  // Bytes stay Uint8Array (ids become hex above), 64-bit integers become decimal strings.
  return normalise(request.toObject(message, { longs: String, enums: Number }));
}

/** The success answer in the request's encoding: an ExportTraceServiceResponse, with partial success when spans were refused. */
export function encodeExportResponse(encoding: OtlpEncoding, rejected = 0, reason = ''): Buffer {
  if (encoding === 'json') {
    // int64 is a decimal string in OTLP/JSON.
    return Buffer.from(JSON.stringify(rejected > 0 ? { partialSuccess: { rejectedSpans: String(rejected), errorMessage: reason } } : {}));
  }
  const { response } = otlpTypes();
  const body = rejected > 0 ? { partialSuccess: { rejectedSpans: rejected, errorMessage: reason } } : {};
  return Buffer.from(response.encode(response.fromObject(body)).finish());
}

/** gRPC's INVALID_ARGUMENT, the code OTLP/HTTP puts in the Status of a 400. */
const INVALID_ARGUMENT = 3;

/** The error answer in the request's encoding: a google.rpc.Status. */
export function encodeErrorStatus(encoding: OtlpEncoding, message: string, code = INVALID_ARGUMENT): Buffer {
  if (encoding === 'json') return Buffer.from(JSON.stringify({ code, message }));
  const { status } = otlpTypes();
  return Buffer.from(status.encode(status.fromObject({ code, message })).finish());
}

/** Reads an ExportTraceServiceResponse (protobuf), for tests and diagnostics. */
export function decodeExportResponse(body: Uint8Array): Record<string, unknown> {
  const { response } = otlpTypes();
  return response.toObject(response.decode(body), { longs: Number }) as Record<string, unknown>;
}

/** Reads a google.rpc.Status (protobuf), for tests and diagnostics. */
export function decodeErrorStatus(body: Uint8Array): { code?: number; message?: string } {
  const { status } = otlpTypes();
  return status.toObject(status.decode(body)) as { code?: number; message?: string };
}
