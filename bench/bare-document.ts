/**
 * The baseline of the shell's host under load: a bare Fastify (no plugins, no hooks, no logging)
 * answering `GET /` with one document's bytes as a constant, gzip-encoded, as a static file server
 * or a CDN would. Run as its own process (like the host), so it does not share the load
 * generator's thread: `node bench/bare-document.ts <port> <gzip file>`; prints `ready` once
 * listening, stops on SIGTERM.
 */
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';

const [port, file] = process.argv.slice(2);
const body = readFileSync(file!);
const app = Fastify();
app.get('/', async (_request, reply) => reply.header('content-type', 'text/html; charset=utf-8').header('content-encoding', 'gzip').send(body));
await app.listen({ port: Number(port), host: '127.0.0.1' });
console.log('ready');
process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
