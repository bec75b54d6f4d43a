/**
 * A TCP port the OS reports free on 127.0.0.1 (listen on port 0, read the port, close). Tests use
 * it instead of random numbers, which can hit a port in use and fail at random.
 */
import net from 'node:net';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
