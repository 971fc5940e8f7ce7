/** Ports for the processes the tests and benchmarks start, told their port before they listen. */
import { createServer as createNetServer } from 'node:net';

/**
 * A loopback port nothing listens on right now, for a process told its port before it starts.
 * Taken below the kernel's ephemeral range (/proc/sys/net/ipv4/ip_local_port_range, 32768 and up
 * by default): a port from that range, free when probed, may be handed to any connection's local
 * end before the process binds it (EADDRINUSE), and the tests make thousands of connections in
 * parallel. Below it, only a port chosen this same way could take it: a random one of 12,000.
 */
export async function freePort(): Promise<number> {
  for (let tries = 0; tries < 100; tries++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await bindable(port)) return port;
  }
  throw new Error('no free loopback port between 20000 and 31999 in 100 tries');
}

function bindable(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createNetServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}
