/** The media resource (service-interface §2.3). */
import { Type, type Static } from '@sinclair/typebox';
import { PageLimit, Timestamp } from '../http/schemas.js';

export const Media = Type.Object(
  {
    id: Type.String({ description: '`med_` id: use it as `mediaId` when sending, or in a template media header.' }),
    filename: Type.String({ description: 'The name the file was uploaded under (for display).' }),
    mimeType: Type.String({ description: 'The type read from the content and normalised to what the platform accepts.' }),
    sizeBytes: Type.Integer(),
    createdAt: Timestamp,
    testMode: Type.Optional(Type.Literal(true, { description: 'Uploaded with a test key: stored only, usable by test sends.' })),
  },
  { $id: 'Media' },
);
export type Media = Static<typeof Media>;

export const MediaList = Type.Object({ data: Type.Array(Type.Ref(Media)), has_more: Type.Boolean() });

export const ListMediaQuery = Type.Object(
  { limit: Type.Optional(PageLimit), starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })) },
  { additionalProperties: false },
);

export const MediaIdParams = Type.Object({ id: Type.String({ minLength: 1 }) });
