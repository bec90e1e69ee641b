/**
 * The ceiling for bench:menu: a bare node:http server, in its own process like the real one,
 * answering every request with the same bytes and headers from memory.
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [bodyFile, headersFile] = process.argv.slice(2) as [string, string];
const body = readFileSync(bodyFile);
const headers = JSON.parse(readFileSync(headersFile, 'utf8')) as Record<string, string>;
const server = createServer((_req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.send?.({ type: 'listening', port: typeof address === 'object' && address ? address.port : 0 });
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
