/** Whether a verified domain covers a host: the host itself, or a subdomain when the domain includes them. */
export function domainCovers(domain: { hostname: string; includeSubdomains: boolean }, host: string): boolean {
  return domain.hostname === host || (domain.includeSubdomains && host.endsWith(`.${domain.hostname}`));
}
