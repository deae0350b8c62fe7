/**
 * The OpenAPI 3.1 document of the routes an application registers after this (`/v1/openapi.json`,
 * read by `app.swagger()`), and its browsable view at `/docs`. Shared schemas are components named
 * by their `$id`; each path is listed once, without its trailing slash.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { addDiscriminatorMappings } from './schemas.js';
import { API_TAGS } from './tags.js';

/** Registers the document's generator and `/docs`. @param options.version the API's version (`info.version`). */
export async function registerOpenApi(app: FastifyInstance, { version }: { version: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tidings API',
        version,
        description:
          "Business messaging in front of the WhatsApp Business Cloud API: messages from the number a key was issued against (text, templates, files, and rich types: reply buttons, lists, URL buttons, locations, contact cards, reactions), queued, paced and tracked to `sent`, `delivered`, `read` or `failed`; utility templates through the platform's review; contacts known by phone number and business-scoped user id, with their 24-hour customer service window; what customers send, their files downloaded and kept, and read receipts back; uploads; signed webhook events. Every request carries `x-api-key`. Errors share one envelope: branch on `error.code`; a body's problems are listed together in `error.issues`.",
        license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
      },
      servers: [{ url: '/' }],
      tags: API_TAGS.map((tag) => ({ ...tag })),
      components: { securitySchemes: { apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' } } },
      security: [{ apiKey: [] }],
    },
    refResolver: { buildLocalReference: (json, _baseUri, _fragment, i) => String(json.$id ?? `def-${i}`) },
    // Each path is served with and without its trailing slash (`POST /v1/messages/`, as the
    // interface document writes it, and `POST /v1/messages`); the document lists one form.
    transform: ({ schema, url }) => ({ schema: schema as never, url: url.length > 1 ? url.replace(/\/+$/, '') : url }),
    transformObject: (documents) =>
      addDiscriminatorMappings('openapiObject' in documents ? documents.openapiObject : documents.swaggerObject),
  });
  await app.register(swaggerUi, { routePrefix: '/docs', uiConfig: { url: '/v1/openapi.json' } as never });
}
