/**
 * The sandbox started by the gateway (src/gateway/embedded-sandbox.ts) ends when the gateway does,
 * however that ends: the gateway holds the write end of its standard input, which the kernel
 * closes when the gateway's process goes, even by SIGKILL. A sandbox still building its world (one
 * stretch of CPU) reads that as soon as the world is built, before it listens.
 */

/** Set in the environment of a sandbox the gateway started. */
export const TIED_TO_STDIN = 'SANDBOX_TIED_TO_STDIN';

export function endWithParent(): void {
  if (process.env[TIED_TO_STDIN] !== '1') return;
  process.stdin.on('data', () => undefined);
  process.stdin.once('close', () => process.exit(0));
  process.stdin.once('end', () => process.exit(0));
}

/**
 * Set, to a file descriptor, in the environment of a sandbox the gateway started on a port of its
 * choosing: the loopback socket the gateway bound and listens on, handed over at spawn, which the
 * sandbox serves in place of binding a port itself. The port is the gateway's from the moment it
 * is chosen, so nothing can take it in the seconds the sandbox spends building its world.
 */
export const LISTEN_FD = 'SANDBOX_LISTEN_FD';

/** The socket handed over by the gateway (LISTEN_FD), if any; anything but a descriptor's number is refused, by name. */
export function inheritedListenFd(): number | undefined {
  const fd = process.env[LISTEN_FD];
  if (fd === undefined) return undefined;
  if (!/^\d+$/.test(fd))
    throw new Error(
      `${LISTEN_FD} must be the number of an open listening socket's file descriptor (the gateway sets it), not ${JSON.stringify(fd)}`,
    );
  return Number(fd);
}
