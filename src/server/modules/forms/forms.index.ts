import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from '../../context.ts';
import { createRouter } from '../../router.ts';
import * as h from './forms.handlers.ts';
import * as r from './forms.routes.ts';

/** The company's forms (/api/forms/**) and their administration (/admin/api/submission/**). */
export const formsRouters = (): OpenAPIHono<AppEnv>[] => [
  createRouter().openapi(r.postContact, h.postContact).openapi(r.postFeedback, h.postFeedback).openapi(r.postNomination, h.postNomination),
  createRouter().openapi(r.getSubmissions, h.getSubmissions).openapi(r.postSubmissionHandled, h.postSubmissionHandled),
];
