/**
 * The floor a server's own transport sets: node:http or uWebSockets.js answering every request
 * with the same 600-byte JSON, nothing else. Started as a child process by the processes bench;
 * prints its port.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

const BODY = JSON.stringify({ data: { id: 1, documentId: 'a'.repeat(24), name: 'x'.repeat(513), stars: 4 }, meta: {} });

async function main(): Promise<void> {
  const transport = process.argv[2] ?? 'node';
  if (transport === 'node') {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BODY) });
      res.end(BODY);
    });
    server.listen(0, '127.0.0.1', () => console.log((server.address() as AddressInfo).port));
    return;
  }
  const uWS = (await import('uWebSockets.js')).default;
  const app = uWS.App().any('/*', (res) => {
    res.cork(() => {
      res.writeStatus('200 OK').writeHeader('content-type', 'application/json').end(BODY);
    });
  });
  app.listen('127.0.0.1', 0, (socket) => {
    if (!socket) throw new Error('cannot listen');
    console.log(uWS.us_socket_local_port(socket));
  });
}

await main();
