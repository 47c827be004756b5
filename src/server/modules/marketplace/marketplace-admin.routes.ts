import { createRoute, z } from '@hono/zod-openapi';
import { ApiErrorBody } from '../../../domain/api-error.ts';
import {
  ActivateInput,
  AdminApp,
  AdminCollection,
  AdminLead,
  AdminLeadPage,
  AdminLeadQuery,
  AdminListQuery,
  AdminPartner,
  AppInput,
  CollectionInput,
  MarketplaceImage,
  MarketplaceMediaKind,
  PartnerInput,
  PartnerWithSecret,
  ReorderInput,
} from '../../../domain/marketplace.ts';
import { adminErrors, adminMiddleware, noContent } from '../../platform/admin/openapi.ts';
import { errorResponses, jsonBody, ok } from '../../platform/content/openapi.ts';
import { uploadLimit } from '../profiles/users-write.routes.ts';

const tags = ['Admin marketplace'];
const idParam = z.object({ id: z.string().min(1).max(100) });
const created = <T extends z.ZodType>(schema: T, description: string) => ({ 201: { description, content: { 'application/json': { schema } } } });
const error = (description: string) => ({ description, content: { 'application/json': { schema: ApiErrorBody } } });
const Updated = z.object({ updated: z.number().int() }).meta({ id: 'MarketplaceActivated' });

/** The CRUD, activate and reorder routes of one resource, in the same shape for apps, partners and collections. */
function resourceRoutes<I extends z.ZodType, O extends z.ZodType>(name: string, listKey: string, label: string, input: I, output: O) {
  const base = `/admin/api/marketplace/${name}/`;
  const List = z.object({ [listKey]: z.array(output) });
  return {
    list: createRoute({
      method: 'get',
      path: base,
      tags,
      summary: `${label}s`,
      description: 'In display order; `includeInactive=false` leaves inactive ones out; `q` matches name or slug.',
      middleware: adminMiddleware,
      request: { query: AdminListQuery },
      responses: { ...ok(List, `Every ${label.toLowerCase()}`), ...adminErrors() },
    }),
    read: createRoute({
      method: 'get',
      path: `${base}{id}/`,
      tags,
      summary: `A ${label.toLowerCase()}`,
      middleware: adminMiddleware,
      request: { params: idParam },
      responses: { ...ok(output, label), ...adminErrors(404) },
    }),
    update: createRoute({
      method: 'put',
      path: `${base}{id}/`,
      tags,
      summary: `Replace a ${label.toLowerCase()}`,
      middleware: adminMiddleware,
      request: { params: idParam, ...jsonBody(input) },
      responses: { ...ok(output, 'Stored'), ...adminErrors(404, 409) },
    }),
    remove: createRoute({
      method: 'delete',
      path: `${base}{id}/`,
      tags,
      summary: `Delete a ${label.toLowerCase()}`,
      middleware: adminMiddleware,
      request: { params: idParam },
      responses: { ...noContent('Deleted'), ...adminErrors(404, 409) },
    }),
    activate: createRoute({
      method: 'put',
      path: `${base}activate/`,
      tags,
      summary: `Activate or deactivate ${label.toLowerCase()}s`,
      description: 'All or nothing: an unknown id answers 404 with `extra.missing`.',
      middleware: adminMiddleware,
      request: jsonBody(ActivateInput),
      responses: { ...ok(Updated, 'How many changed'), ...adminErrors(404) },
    }),
    reorder: createRoute({
      method: 'patch',
      path: `${base}{id}/reorder/`,
      tags,
      summary: `Move a ${label.toLowerCase()}`,
      description: 'Moves it to a 0-based place in the display order (inactive ones count) and renumbers the rest.',
      middleware: adminMiddleware,
      request: { params: idParam, ...jsonBody(ReorderInput) },
      responses: { ...ok(List, 'Every one in the new order'), ...adminErrors(404) },
    }),
  };
}

/** Apps. */
export const apps = {
  ...resourceRoutes('apps', 'apps', 'App', AppInput, AdminApp),
  create: createRoute({
    method: 'post',
    path: '/admin/api/marketplace/apps/',
    tags,
    summary: 'Add an app',
    description: 'It goes last in the display order and at the end of the collections named.',
    middleware: adminMiddleware,
    request: jsonBody(AppInput),
    responses: { ...created(AdminApp, 'Stored'), ...adminErrors(409) },
  }),
};

/** Partners. */
export const partners = {
  ...resourceRoutes('partners', 'partners', 'Partner', PartnerInput, AdminPartner),
  create: createRoute({
    method: 'post',
    path: '/admin/api/marketplace/partners/',
    tags,
    summary: 'Add a partner',
    description: 'Answers the lead signing secret (`whsec_…`) this once; leads are signed with it (Standard Webhooks).',
    middleware: adminMiddleware,
    request: jsonBody(PartnerInput),
    responses: { ...created(PartnerWithSecret, 'Stored, with its secret'), ...adminErrors(409) },
  }),
  rotateSecret: createRoute({
    method: 'post',
    path: '/admin/api/marketplace/partners/{id}/rotate-secret/',
    tags,
    summary: "Rotate a partner's lead signing secret",
    description: 'Answers the new secret this once; pending lead webhooks are signed with it from their next attempt.',
    middleware: adminMiddleware,
    request: { params: idParam },
    responses: { ...ok(PartnerWithSecret, 'The partner with its new secret'), ...adminErrors(404) },
  }),
};

/** Collections of apps. */
export const collections = {
  ...resourceRoutes('collections', 'collections', 'Collection', CollectionInput, AdminCollection),
  create: createRoute({
    method: 'post',
    path: '/admin/api/marketplace/collections/',
    tags,
    summary: 'Add a collection of apps',
    middleware: adminMiddleware,
    request: jsonBody(CollectionInput),
    responses: { ...created(AdminCollection, 'Stored'), ...adminErrors(409) },
  }),
};

const MediaUpload = z
  .object({
    file: z.instanceof(File).meta({ type: 'string', format: 'binary' }),
    kind: MarketplaceMediaKind,
    alt: z.string().trim().max(200).default(''),
  })
  .meta({ id: 'MarketplaceMediaUpload' });

/** POST /admin/api/marketplace/media/ */
export const postMedia = createRoute({
  method: 'post',
  path: '/admin/api/marketplace/media/',
  tags,
  summary: 'Upload a partner logo or an app screenshot',
  description:
    "Through the site's safe upload path (JPEG, PNG, WebP, AVIF or GIF, at most 8 MB, re-encoded to WebP): LOGO as 96 and 256 px squares, SCREENSHOT 800 and 1600 px wide. Use the answer's id in a partner's `logo` or an app's `screenshots`.",
  middleware: [...adminMiddleware, uploadLimit] as const,
  request: { body: { content: { 'multipart/form-data': { schema: MediaUpload } }, required: true } },
  responses: {
    ...created(MarketplaceImage, 'Stored'),
    ...adminErrors(),
    413: error('File over the size limit'),
    415: error('Not a JPEG, PNG, WebP, AVIF or GIF image'),
    ...errorResponses(507),
  },
});

/** GET /admin/api/marketplace/leads/ */
export const getLeads = createRoute({
  method: 'get',
  path: '/admin/api/marketplace/leads/',
  tags,
  summary: 'Leads',
  description:
    'Newest first, 50 a page, with each delivery (webhook, email): status, attempts, last error. `status`: SENT (pending), DELIVERED (a channel delivered), FAILED (every channel gave up).',
  middleware: adminMiddleware,
  request: { query: AdminLeadQuery },
  responses: { ...ok(AdminLeadPage, 'A page of leads'), ...adminErrors() },
});

/** GET /admin/api/marketplace/leads/{id}/ */
export const getLead = createRoute({
  method: 'get',
  path: '/admin/api/marketplace/leads/{id}/',
  tags,
  summary: 'A lead',
  middleware: adminMiddleware,
  request: { params: idParam },
  responses: { ...ok(AdminLead, 'The lead with its deliveries'), ...adminErrors(404) },
});
