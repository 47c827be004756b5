import type { paths } from './api-types.ts';

/**
 * Types that bind the client's calls to the OpenAPI document (src/client/api-types.ts, generated
 * by `npm run api:types`): which paths answer a method, and each call's parameters, body and answer.
 */

/** An HTTP method the client sends. */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The document's operation for a path and a method (`never` when the path does not answer it). */
export type Operation<P extends keyof paths, M extends Method> = NonNullable<paths[P][Lowercase<M>]>;

/** The paths of the document that answer a method, e.g. `'/api/content/space/{id}/'` for GET. */
export type ApiPath<M extends Method> = { [P in keyof paths]: [Operation<P, M>] extends [never] ? never : P }[keyof paths];

/** No properties: `Empty extends T` holds when every property of T is optional. */
type Empty = Record<never, never>;

type SuccessStatus = 200 | 201 | 202 | 204;

/** The JSON body of one response (`undefined` when it has none). */
type JsonOf<R> = R extends { content: { 'application/json': infer J } } ? J : undefined;

/** The body of an operation's success answers. */
type Answer<O> = O extends { responses: infer R } ? { [S in keyof R & SuccessStatus]: JsonOf<R[S]> }[keyof R & SuccessStatus] : never;

/** An input as zod's `z.input` writes it: optional properties may hold `undefined`, arrays may be readonly. */
type Loose<T> = T extends FormData | Blob
  ? T
  : T extends readonly (infer I)[]
    ? readonly Loose<I>[]
    : T extends object
      ? { [K in keyof T]: Loose<T[K]> | (Empty extends Pick<T, K> ? undefined : never) }
      : T;
/** A query value: the document types flags as strings ('true'/'false'), the client sends booleans as such. */
type QueryValue<V> = V extends string ? ('true' extends V ? V | boolean : V) : V extends readonly (infer I)[] ? readonly I[] : V;
type LooseQuery<Q> = { [K in keyof Q]: QueryValue<Q[K]> | (Empty extends Pick<Q, K> ? undefined : never) };

type ParametersOf<O> = O extends { parameters: infer X } ? X : never;
type PathParamsOf<O> = ParametersOf<O> extends { path: infer X } ? X : never;
type QueryOf<O> = ParametersOf<O> extends { query?: infer Q } ? Q : never;
type ContentOf<O> = O extends { requestBody?: { content: infer C } } ? C : never;
type JsonBody<C> = C extends { 'application/json': infer J } ? J : never;
type FormBody<C> = C extends { 'multipart/form-data': unknown } ? FormData : never;
/** A JSON body, or FormData for a multipart one. */
type BodyOf<O> = [ContentOf<O>] extends [never] ? never : JsonBody<ContentOf<O>> | FormBody<ContentOf<O>>;
type BodyRequired<O> = O extends { requestBody: unknown } ? true : false;

/** The `params` part of a call's options: required when the path has `{name}` segments. */
type ParamsPart<O> = [PathParamsOf<O>] extends [never] ? { params?: never } : { params: PathParamsOf<O> };
/** The `query` part: required when the route requires a query parameter. */
type QueryPart<O> = [QueryOf<O>] extends [never] | [undefined]
  ? { query?: never }
  : Empty extends QueryOf<O>
    ? { query?: LooseQuery<QueryOf<O>> }
    : { query: LooseQuery<QueryOf<O>> };
/** The `body` part: required when the route requires a body. */
type BodyPart<O> = [BodyOf<O>] extends [never] ? { body?: never } : BodyRequired<O> extends true ? { body: Loose<BodyOf<O>> } : { body?: Loose<BodyOf<O>> };

/** Options of one typed call: the route's path parameters, query and body; extra headers; `keepalive` to outlive the page. */
export type CallOptions<O> = ParamsPart<O> & QueryPart<O> & BodyPart<O> & { headers?: Record<string, string>; keepalive?: boolean };

/** What one call of a method on a path takes and answers. */
export interface ApiInit<M extends Method, P extends ApiPath<M>> {
  options: CallOptions<Operation<P, M>>;
  answer: Answer<Operation<P, M>>;
}

/** The options argument: optional when nothing in it is required. */
export type ApiCall<M extends Method, P extends ApiPath<M>> = Empty extends ApiInit<M, P>['options']
  ? [options?: ApiInit<M, P>['options']]
  : [options: ApiInit<M, P>['options']];

/** The success body of a call, e.g. `ApiAnswer<'GET', '/api/content/banner/'>`. */
export type ApiAnswer<M extends Method, P extends ApiPath<M>> = ApiInit<M, P>['answer'];
