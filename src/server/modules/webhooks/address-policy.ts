import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { invalid } from '../../platform/errors.ts';

/**
 * Where webhooks (content endpoints administrators add, partners' lead endpoints) may not go:
 * addresses of this machine, its networks and its cloud (SSRF). Checked when an address is saved
 * and again on every address a name resolves to when a delivery connects.
 */
const REFUSED: readonly (readonly [label: string, ranges: readonly (readonly [string, number])[]])[] = [
  // Cloud metadata services first, so they are named as such: AWS, GCP, Azure, OpenStack (169.254.169.254),
  // AWS over IPv6, Alibaba.
  [
    'cloud metadata',
    [
      ['169.254.169.254', 32],
      ['fd00:ec2::254', 128],
      ['100.100.100.200', 32],
    ],
  ],
  [
    'unspecified',
    [
      ['0.0.0.0', 8],
      ['::', 128],
    ],
  ],
  [
    'loopback',
    [
      ['127.0.0.0', 8],
      ['::1', 128],
    ],
  ],
  [
    'private',
    [
      ['10.0.0.0', 8],
      ['172.16.0.0', 12],
      ['192.168.0.0', 16],
      ['fc00::', 7], // unique local (ULA)
      ['fec0::', 10], // the former site-local
    ],
  ],
  [
    'link-local',
    [
      ['169.254.0.0', 16],
      ['fe80::', 10],
    ],
  ],
  ['shared (CGNAT)', [['100.64.0.0', 10]]],
  [
    'multicast',
    [
      ['224.0.0.0', 4],
      ['ff00::', 8],
    ],
  ],
  [
    'reserved',
    [
      ['192.0.0.0', 24], // IETF protocol assignments
      ['198.18.0.0', 15], // benchmarking
      ['240.0.0.0', 4], // reserved, and the broadcast address
      ['100::', 64], // discard-only
    ],
  ],
];

/** One BlockList per label; an IPv4 range also matches its IPv4-mapped IPv6 form (`::ffff:127.0.0.1`). */
const LISTS = REFUSED.map(([label, ranges]) => {
  const list = new BlockList();
  for (const [net, prefix] of ranges) list.addSubnet(net, prefix, isIP(net) === 6 ? 'ipv6' : 'ipv4');
  return [label, list] as const;
});

/** The IPv4 address an IPv6 address carries in its low 32 bits under NAT64 (64:ff9b::/96) or the old IPv4-compatible form (::/96), else null. */
function embeddedIpv4(address: string): string | null {
  let text = address.toLowerCase();
  // A dotted tail (`64:ff9b::1.2.3.4`) is two groups.
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const split = (part: string) => (part ? part.split(':') : []);
  const [head = '', tail] = text.split('::');
  const h = split(head);
  const t = tail === undefined ? [] : split(tail);
  const groups = tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  if (groups.length !== 8) return null;
  const n = groups.map((g) => parseInt(g, 16));
  const nat64 = n[0] === 0x64 && n[1] === 0xff9b && n.slice(2, 6).every((x) => x === 0);
  const compatible = n.slice(0, 6).every((x) => x === 0);
  if (!nat64 && !compatible) return null;
  const [hi = 0, lo = 0] = n.slice(6);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Why an IP address may not receive webhooks (`loopback`, `private`, `cloud metadata`, …), or null when it may. */
export function refusedAddress(address: string): string | null {
  const family = isIP(address);
  if (family === 0) return null;
  const type = family === 6 ? 'ipv6' : 'ipv4';
  for (const [label, list] of LISTS) if (list.check(address, type)) return label;
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    // `::` and `::1` are matched above; what is left of ::/96 and 64:ff9b::/96 is judged by its IPv4 address.
    if (v4) for (const [label, list] of LISTS) if (list.check(v4, 'ipv4')) return label;
  }
  return null;
}

/** Host names that always mean this machine or the cloud's metadata service, whatever DNS says. */
const REFUSED_NAMES: readonly (readonly [RegExp, string])[] = [
  [/^localhost$|\.localhost$/, 'loopback'],
  [/^(?:metadata|metadata\.google\.internal|metadata\.azure\.internal|instance-data(?:\.ec2\.internal)?)$/, 'cloud metadata'],
];

/**
 * Why a webhook URL may not be saved, judged on its host as written: an IP literal in any form a
 * URL parser accepts (decimal `2130706433`, octal `0177.0.0.1`, hex `0x7f.1`, `[::ffff:127.0.0.1]`
 * all parse to the address they mean) or a name that is this machine or a metadata service. Null
 * when it may; names are checked again, resolved, at each delivery.
 */
export function refusedUrl(url: string): string | null {
  let host: string;
  try {
    host = new URL(url).hostname.toLowerCase();
  } catch {
    return null; // the schema reports a malformed URL
  }
  host = host.replace(/^\[(.*)\]$/, '$1').replace(/\.$/, '');
  if (isIP(host)) return refusedAddress(host);
  for (const [re, label] of REFUSED_NAMES) if (re.test(host)) return label;
  return null;
}

/** The message of a refused address, in the admin API's 400 and the admin console. */
export const refusedUrlMessage = (label: string) => `Enter a public address: webhooks are not sent to ${label} addresses.`;

/** What the policy reads from the environment. */
export interface AddressPolicyEnv {
  /** Lets webhooks go to private and loopback addresses (tests, local development). */
  ALLOW_PRIVATE_WEBHOOK_TARGETS: boolean;
}

/**
 * Refuses, with a 400 on `path`, a webhook URL an administrator saves when its host is not a
 * public address; nothing is refused with ALLOW_PRIVATE_WEBHOOK_TARGETS.
 */
export function assertPublicWebhookUrl(env: AddressPolicyEnv, url: string | null | undefined, path: string): void {
  if (!url || env.ALLOW_PRIVATE_WEBHOOK_TARGETS) return;
  const label = refusedUrl(url);
  if (label) throw invalid(path, refusedUrlMessage(label));
}

/** A delivery refused because its host is, or resolves to, an address webhooks may not reach. */
export class AddressNotAllowedError extends Error {
  override readonly name = 'AddressNotAllowedError';
  readonly code = 'EADDRNOTALLOWED';
  readonly host: string;
  readonly label: string;
  constructor(host: string, label: string) {
    super(`address not allowed (${host}: ${label})`);
    this.host = host;
    this.label = label;
  }
}

/**
 * A `lookup` for node:http(s) that resolves every address of a name (`dns.lookup`, all) and, with
 * `refuse`, fails with AddressNotAllowedError when any of them is refused. The connection is made to
 * the addresses answered here, so a name cannot be switched to another address between check and connect.
 */
function resolving(refuse: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      if (refuse) {
        for (const a of addresses) {
          const label = refusedAddress(a.address);
          if (label) return callback(new AddressNotAllowedError(hostname, label), '', 0);
        }
      }
      const first = addresses[0];
      if (!first) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      // net's autoSelectFamily asks for every address; a plain connect for one.
      if (options.all) (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
      else callback(null, first.address, first.family);
    });
  };
}

/** The lookup of deliveries that may only reach public addresses. */
export const checkedLookup: LookupFunction = resolving(true);
/** The same lookup without the refusal (trusted endpoints, ALLOW_PRIVATE_WEBHOOK_TARGETS): one resolution path for both. */
export const uncheckedLookup: LookupFunction = resolving(false);
