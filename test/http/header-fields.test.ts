import { describe, expect, it } from 'vitest';
import { headerFields } from '../../src/http/adapters/header-fields.js';
import { rawExchange, startTestServer, type Transport } from './support.js';

/** A request's header fields (src/http/adapters/header-fields.ts): any name is an own field, none is inherited. */
describe('request header fields', () => {
  it('inherit nothing, and keep names such as __proto__ and constructor as fields', () => {
    const fields: Record<string, unknown> = headerFields();
    for (const name of ['constructor', 'toString', 'hasOwnProperty', '__proto__']) expect(fields[name]).toBeUndefined();
    fields['__proto__'] = 'x';
    fields['constructor'] = 'y';
    expect(Object.getPrototypeOf(fields)).not.toBe(Object.prototype);
    expect(Object.keys(fields)).toEqual(['__proto__', 'constructor']);
    expect(fields['__proto__']).toBe('x');
    // Each request's fields are its own.
    expect((headerFields() as Record<string, unknown>)['constructor']).toBeUndefined();
  });

  it.each<Transport>(['node', 'uws'])('over %s: a request naming such headers is answered, its Origin read', async (transport) => {
    const server = await startTestServer(transport, { cors: { origins: ['https://app.example'] } });
    try {
      // uWebSockets.js (20.30) never answers a head whose field names hold an underscore: it neither answers nor closes.
      const odd = transport === 'node' ? 'Constructor: 1\r\n__proto__: 2\r\n' : 'Constructor: 1\r\nHasOwnProperty: 2\r\n';
      const head = `GET /api/restaurants HTTP/1.1\r\nHost: x\r\n${odd}Origin: https://app.example\r\nConnection: close\r\n\r\n`;
      const answer = await rawExchange(server.port, [head]);
      expect(answer.status).toBe(200);
      expect(answer.text.toLowerCase()).toContain('access-control-allow-origin: https://app.example');
    } finally {
      await server.stop();
    }
  });
});
