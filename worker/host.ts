/**
 * The one host normaliser: lower case, no port, no trailing dot, so `CN.Example.com.:443`
 * and `cn.example.com` are the same host everywhere (editions, scopes, cookies, config).
 */
export function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');
}

/** Whether a host is this machine: `localhost`, any `*.localhost` (RFC 6761), or loopback. */
export function isLocalHost(host: string): boolean {
  const name = normalHost(host);
  return name === 'localhost' || name.endsWith('.localhost') || name === '127.0.0.1' || name === '[::1]';
}
