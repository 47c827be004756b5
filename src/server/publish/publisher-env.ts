import { z } from 'zod';
import { WebhookSecret } from '../../domain/webhooks.ts';

const port = z.coerce.number().int().min(0).max(65535);

const PublisherEnv = z.object({
  /** The content API the site is built from. */
  DISCOVER_API_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The API's BUILD_TOKEN: lets the build list UNLISTED spaces (their pages are built with noindex). */
  DISCOVER_API_TOKEN: z.string().optional(),
  /** The site's public origin (canonical URLs, sitemap); defaults to the API's. */
  PUBLIC_ORIGIN: z.url({ protocol: /^https?$/ }).optional(),
  /** The content webhook's signing secret (`whsec_…`), shared with the product's endpoint configuration. */
  CONTENT_WEBHOOK_SECRET: WebhookSecret.optional(),
  /** Where the standalone publisher keeps its builds (`current` is the folder to serve). */
  PUBLISHER_SITE_DIR: z.string().default('./publisher-site'),
  PUBLISHER_HOST: z.string().default('127.0.0.1'),
  PUBLISHER_PORT: port.default(4700),
  /** The relay's repository (`owner/name`) and token for GitHub's repository dispatch API. */
  GITHUB_DISPATCH_REPO: z
    .string()
    .regex(/^[\w.-]+\/[\w.-]+$/, 'owner/name')
    .optional(),
  GITHUB_DISPATCH_TOKEN: z.string().optional(),
  RELAY_HOST: z.string().default('127.0.0.1'),
  RELAY_PORT: port.default(4701),
});

/** The environment of the standalone publishing tools (publisher service, relay, publish:site); parsed once per process. */
export type PublisherEnv = z.infer<typeof PublisherEnv>;

/** Parses the standalone tools' environment; throws a message naming every bad variable. */
export function loadPublisherEnv(source: NodeJS.ProcessEnv = process.env): PublisherEnv {
  const parsed = PublisherEnv.safeParse(source);
  if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}
