/**
 * The one host normaliser: lower case, no port, no trailing dot, so `CN.Example.com.:443`
 * and `cn.example.com` are the same host everywhere (editions, scopes, cookies, config).
 */
export function normalHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '');
}
