/**
 * Raw-socket oddities: malformed request lines, bad Host headers, huge headers and URLs, broken framing,
 * pipelined requests and clients that hang up early. Each case is a byte string written to a fresh
 * connection; every answer on it is read back and judged like any other.
 */
import net from 'node:net';
import fc from 'fast-check';
import { FAILURE_BYTES, judge, type Reply } from './client.js';

export interface RawCase {
  kind: 'line' | 'host' | 'huge' | 'framing' | 'pipeline' | 'early-close';
  bytes: Buffer;
  /** Answers expected: exactly this many for a pipeline, at least one otherwise, none after an early close. */
  answers: number;
  /** Hang up right after writing, without waiting for an answer. */
  hangUp: boolean;
  note: string;
}

const crlf = (lines: string[]): string => lines.join('\r\n') + '\r\n\r\n';

function smallRequests(auth: string, company: string): string[] {
  return [
    crlf(['GET /api/svc/robot/jobstatus/none HTTP/1.1', 'Host: 127.0.0.1', `Authorization: ${auth}`]),
    crlf(['GET /api/svc/einvoice/getirn?gstin=bad HTTP/1.1', 'Host: 127.0.0.1', `Authorization: ${auth}`]),
    crlf(['POST /api/svc/einvoice/generateirn HTTP/1.1', 'Host: 127.0.0.1', `Authorization: ${auth}`, 'Content-Type: application/json', 'Content-Length: 7']) +
      '{"a":1}',
    crlf(['POST /api/svc/gstr2b/export HTTP/1.1', 'Host: 127.0.0.1', `Authorization: ${auth}`, `Svc-Company: ${company}`, 'Content-Length: 2']) + '[]',
    crlf(['GET /api/svc/none HTTP/1.1', 'Host: 127.0.0.1']),
    crlf(['DELETE /api/svc/einvoice/generateirn HTTP/1.1', 'Host: 127.0.0.1', `Authorization: ${auth}`]),
  ];
}

/** The raw cases, built with working credentials so requests get past authentication. */
export function rawCase(auth: string, company: string): fc.Arbitrary<RawCase> {
  const method = fc.oneof(
    fc.constantFrom('GET', 'get', 'G ET', '', 'GET\t', 'ÄÖ', 'TRACE', 'CONNECT', 'PRI', 'POST', 'OPTIONS'),
    fc.stringMatching(/^[A-Z!#$%&'*+.^_`|~-]{1,12}$/),
  );
  const target = fc.oneof(
    fc.constantFrom(
      '/openapi.json',
      '*',
      'http://elsewhere.example/openapi.json',
      '//',
      '/api/svc/robot/jobstatus/%E0%A4%A',
      '',
      ' /',
      '/\x00',
      '/%',
      '/api/svc/einvoice/getirn?gstin=%ZZ',
      '/api/svc/einvoice/../../etc/passwd',
      'openapi.json',
      '127.0.0.1:80',
    ),
    fc.string({ maxLength: 30 }).map((s) => '/' + s),
  );
  const version = fc.constantFrom('HTTP/1.1', 'HTTP/1.0', 'HTTP/2.0', 'HTTP/9.9', 'HTTP/1', '', 'FOO/1.1', 'HTTP/1.1 extra', 'http/1.1');
  const line: fc.Arbitrary<RawCase> = fc.tuple(method, target, version, fc.constantFrom('\r\n', '\n')).map(([m, t, v, eol]) => ({
    kind: 'line',
    bytes: Buffer.from(`${m} ${t} ${v}${eol}Host: 127.0.0.1${eol}Authorization: ${auth}${eol}${eol}`, 'latin1'),
    answers: 1,
    hangUp: false,
    note: JSON.stringify(`${m} ${t} ${v}`),
  }));

  const hostValues = fc.constantFrom<string[] | null>(
    null,
    [''],
    [' '],
    ['a b'],
    ['[::1'],
    ['x:99999'],
    ['%zz'],
    ['ü.example'],
    ['a'.repeat(5000)],
    ['127.0.0.1', 'elsewhere.example'],
    ['host:1:2'],
    ['@evil'],
    ['x/y'],
    ['[zz]'],
    [':80'],
    ['http://x'],
  );
  const hostPath = fc.constantFrom(
    '/openapi.json',
    '/api/svc/robot/jobstatus/x',
    '/api/svc/einvoice/getirn?gstin=29AAGCK4821M1Z4&irn=1',
    '/api/deal',
    '/api/sandbox/certificate',
  );
  const host: fc.Arbitrary<RawCase> = fc.tuple(hostValues, hostPath, fc.constantFrom('HTTP/1.1', 'HTTP/1.0')).map(([hosts, path, v]) => ({
    kind: 'host',
    bytes: Buffer.from(crlf([`GET ${path} ${v}`, ...(hosts ?? []).map((h) => `Host: ${h}`), `Authorization: ${auth}`, 'Connection: close']), 'utf8'),
    answers: 1,
    hangUp: false,
    note: `Host ${JSON.stringify(hosts)} ${v} ${path}`,
  }));

  const huge: fc.Arbitrary<RawCase> = fc
    .oneof(
      fc
        .constantFrom(8_000, 17_000, 70_000)
        .map((n) => ({ what: `header of ${n} bytes`, lines: ['GET /openapi.json HTTP/1.1', 'Host: 127.0.0.1', `X-Big: ${'b'.repeat(n)}`] })),
      fc
        .constantFrom(100, 500, 3_000)
        .map((n) => ({ what: `${n} headers`, lines: ['GET /openapi.json HTTP/1.1', 'Host: 127.0.0.1', ...Array.from({ length: n }, (_, i) => `X-H${i}: v`)] })),
      fc.constantFrom(9_000, 17_000, 70_000).map((n) => ({
        what: `URL of ${n} bytes`,
        lines: [`GET /api/svc/einvoice/getirn?gstin=${'A'.repeat(n)} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: ${auth}`],
      })),
    )
    .map(({ what, lines }) => ({ kind: 'huge' as const, bytes: Buffer.from(crlf([...lines, 'Connection: close'])), answers: 1, hangUp: false, note: what }));

  const post = (extra: string[], body: string) =>
    crlf([
      'POST /api/svc/einvoice/generateirn HTTP/1.1',
      'Host: 127.0.0.1',
      `Authorization: ${auth}`,
      'Content-Type: application/json',
      'Connection: close',
      ...extra,
    ]) + body;
  const framing: fc.Arbitrary<RawCase> = fc
    .constantFrom<[string, string]>(
      ['content-length and chunked', post(['Content-Length: 4', 'Transfer-Encoding: chunked'], '0\r\n\r\n')],
      ['bad chunk size', post(['Transfer-Encoding: chunked'], 'zz\r\n{}\r\n0\r\n\r\n')],
      ['chunk larger than sent', post(['Transfer-Encoding: chunked'], 'ffff\r\n{}\r\n0\r\n\r\n')],
      ['negative content-length', post(['Content-Length: -1'], '{}')],
      ['content-length not a number', post(['Content-Length: abc'], '{}')],
      ['two content-lengths', post(['Content-Length: 2', 'Content-Length: 3'], '{}')],
      ['transfer-encoding gzip', post(['Transfer-Encoding: gzip'], '{}')],
      ['header without colon', post(['NoColonHere', 'Content-Length: 2'], '{}')],
      ['space before colon', post(['Content-Length : 2'], '{}')],
      ['folded header', post(['X-Folded: a', ' b', 'Content-Length: 2'], '{}')],
      ['NUL in a header', post(['X-Nul: a\u0000b', 'Content-Length: 2'], '{}')],
      ['header name of odd bytes', post(['X-Ä: 1', 'Content-Length: 2'], '{}')],
      ['content-length larger than the limit', post([`Content-Length: ${64 * 1024 * 1024}`], '{}')],
      ['expect 100-continue', post(['Expect: 100-continue', 'Content-Length: 2'], '{}')],
      ['unknown expectation', post(['Expect: something', 'Content-Length: 2'], '{}')],
      [
        'upgrade to websocket',
        crlf([
          'GET /openapi.json HTTP/1.1',
          'Host: 127.0.0.1',
          'Connection: Upgrade',
          'Upgrade: websocket',
          'Sec-WebSocket-Version: 13',
          'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==',
        ]),
      ],
      ['HTTP/2 preface', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
      ['TLS hello on a plain port', '\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03'],
    )
    .map(([note, text]) => ({ kind: 'framing' as const, bytes: Buffer.from(text, 'latin1'), answers: 1, hangUp: false, note }));

  const pipeline: fc.Arbitrary<RawCase> = fc.array(fc.constantFrom(...smallRequests(auth, company)), { minLength: 2, maxLength: 6 }).map((reqs) => ({
    kind: 'pipeline' as const,
    bytes: Buffer.from(reqs.join('')),
    answers: reqs.length,
    hangUp: false,
    note: `${reqs.length} pipelined: ${reqs.map((r) => r.split(' ', 2).join(' ')).join(', ')}`,
  }));

  const early: fc.Arbitrary<RawCase> = fc
    .tuple(
      fc.constantFrom(
        ...smallRequests(auth, company),
        post(['Content-Length: 5000'], '{"Version":"1.1",'),
        'GET /openapi.json HTT',
        'POST /api/deal HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100\r\n\r\n{',
      ),
      fc.nat(),
    )
    .map(([text, cut]) => ({
      kind: 'early-close' as const,
      bytes: Buffer.from(text.slice(0, 1 + (cut % text.length))),
      answers: 0,
      hangUp: true,
      note: `hang up after ${1 + (cut % text.length)} bytes`,
    }));

  return fc.oneof(
    { weight: 3, arbitrary: line },
    { weight: 3, arbitrary: host },
    { weight: 1, arbitrary: huge },
    { weight: 3, arbitrary: framing },
    { weight: 3, arbitrary: pipeline },
    { weight: 2, arbitrary: early },
  );
}

interface RawAnswer {
  replies: Reply[];
  /** Bytes that did not parse as HTTP answers. */
  leftover: number;
  closedBy: 'server' | 'timeout';
}

/** Parses the HTTP/1.1 answers in what the server sent. */
export function parseAnswers(data: Buffer): { replies: Reply[]; leftover: number } {
  const replies: Reply[] = [];
  let at = 0;
  while (at < data.length) {
    const end = data.indexOf('\r\n\r\n', at);
    if (end < 0) break;
    const head = data.subarray(at, end).toString('latin1').split('\r\n');
    const status = /^HTTP\/1\.[01] (\d{3})/.exec(head[0] ?? '');
    if (!status) break;
    const headers: Record<string, string> = {};
    for (const h of head.slice(1)) {
      const i = h.indexOf(':');
      if (i > 0) headers[h.slice(0, i).trim().toLowerCase()] = h.slice(i + 1).trim();
    }
    let body: Buffer;
    let next: number;
    if (headers['transfer-encoding']?.includes('chunked')) {
      const parts: Buffer[] = [];
      let p = end + 4;
      for (;;) {
        const lineEnd = data.indexOf('\r\n', p);
        if (lineEnd < 0) return { replies, leftover: data.length - at };
        const size = parseInt(data.subarray(p, lineEnd).toString('latin1'), 16);
        if (!Number.isFinite(size)) return { replies, leftover: data.length - at };
        p = lineEnd + 2;
        if (size === 0) {
          p = data.indexOf('\r\n', p) + 2;
          break;
        }
        parts.push(data.subarray(p, p + size));
        p += size + 2;
      }
      body = Buffer.concat(parts);
      next = p;
    } else {
      const length = Number(headers['content-length'] ?? (Number(status[1]) === 100 ? 0 : data.length - end - 4));
      body = data.subarray(end + 4, end + 4 + length);
      next = end + 4 + length;
    }
    if (Number(status[1]) !== 100) replies.push({ status: Number(status[1]), headers, bytes: body.length, head: body.subarray(0, FAILURE_BYTES), ms: 0 });
    at = next;
  }
  return { replies, leftover: data.length - at };
}

/** Writes a case to a new connection and reads every answer until the server closes (or 15 s pass). */
export function sendRaw(port: number, c: RawCase): Promise<RawAnswer> {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closedBy: RawAnswer['closedBy']) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ ...parseAnswers(Buffer.concat(chunks)), closedBy });
    };
    const timer = setTimeout(() => finish('timeout'), 15_000);
    socket.on('data', (d: Buffer) => {
      chunks.push(d);
      // A pipeline is read until every answer is in: the connection stays open between requests.
      if (c.kind === 'pipeline' && parseAnswers(Buffer.concat(chunks)).replies.length >= c.answers) finish('server');
    });
    socket.on('error', () => finish('server'));
    socket.on('close', () => finish('server'));
    socket.on('connect', () => {
      if (c.hangUp) {
        socket.write(c.bytes, () => finish('server'));
        return;
      }
      if (c.kind === 'pipeline') socket.write(c.bytes);
      // Otherwise half-close after writing: the server answers what it read, then closes its side.
      else socket.end(c.bytes);
    });
  });
}

/** What is wrong with the answers to a raw case, or undefined. */
export function judgeRaw(c: RawCase, answer: RawAnswer): string | undefined {
  if (c.hangUp) return undefined;
  if (answer.closedBy === 'timeout') return 'connection still open after 15 s';
  if (answer.leftover > 0 && answer.replies.length === 0) return 'an answer that is not HTTP/1.1';
  if (answer.replies.length === 0) return 'closed without an answer';
  if (c.kind === 'pipeline' && answer.replies.length !== c.answers) return `${answer.replies.length} answers to ${c.answers} pipelined requests`;
  for (const r of answer.replies) {
    const problem = judge({ method: 'GET', path: '/raw' }, r);
    if (problem) return problem;
  }
  return undefined;
}
