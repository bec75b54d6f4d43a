/**
 * A DNS server for one name with several addresses, as Docker's embedded DNS answers a service
 * name with the address of every replica: the API proxy's nginx resolves its upstream through it
 * (`resolver` in nginx-api-proxy.conf.template) and spreads requests over the answers. dns2 over
 * UDP on 127.0.0.1; A records only (the proxy asks with `ipv6=off`), a 5 s TTL, every other
 * question answered empty.
 */
import dns2 from 'dns2';

export interface ReplicaDns {
  /** `127.0.0.1:<port>`, the form nginx's `resolver` takes. */
  resolver: string;
  close(): Promise<void>;
}

/**
 * Answers `name` with `addresses` on 127.0.0.1:`port` (UDP).
 * @throws when the port is taken.
 */
export async function startReplicaDns(name: string, addresses: readonly string[], port: number): Promise<ReplicaDns> {
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = dns2.Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      if (question?.name === name && question.type === dns2.Packet.TYPE.A) {
        for (const address of addresses) response.answers.push(new dns2.Packet.Resource({ name, type: dns2.Packet.TYPE.A, class: dns2.Packet.CLASS.IN, ttl: 5, address }));
      }
      send(response);
    },
  });
  await server.listen({ udp: { port, address: '127.0.0.1' } });
  return { resolver: `127.0.0.1:${port}`, close: () => server.close().then(() => undefined) };
}
