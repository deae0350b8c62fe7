/** The media resource (docs/api.md §2.3). */
import { Type, type Static } from '@sinclair/typebox';
import { MULTIPART_BODY, PageLimit, Timestamp } from '../http/schemas.js';

export const Media = Type.Object(
  {
    id: Type.String({ description: '`med_` id: use it as `mediaId` when sending, or in a template media header.' }),
    filename: Type.String({
      description:
        "The name the file was uploaded under, or a customer's document's name (`image.jpg` and the like for other files a customer sent); for display.",
    }),
    mimeType: Type.String({
      description:
        "The type read from the content: for an upload, normalised to what the platform accepts; for a file a customer sent, what its bytes are (`application/octet-stream` when they tell nothing), whatever the platform declared (its declaration stays on the customer message's `media.mimeType`).",
    }),
    sizeBytes: Type.Integer(),
    source: Type.Union([Type.Literal('upload'), Type.Literal('inbound')], {
      description:
        "`upload`: uploaded through `POST /v1/media`; `inbound`: a file a customer sent, downloaded from the platform (its message's `media.id`).",
    }),
    createdAt: Timestamp,
    testMode: Type.Optional(
      Type.Literal(true, { description: 'Uploaded with a test key: stored only, usable by test sends.' }),
    ),
  },
  {
    $id: 'Media',
    examples: [
      {
        id: 'med_0VbcOd9Lm2Xq5Tb7Wy1zHs3u',
        filename: 'receipt.pdf',
        mimeType: 'application/pdf',
        sizeBytes: 48213,
        source: 'upload',
        createdAt: '2026-11-21T14:20:11.305Z',
      },
    ],
  },
);
export type Media = Static<typeof Media>;

export const MediaList = Type.Object({ data: Type.Array(Type.Ref(Media)), has_more: Type.Boolean() });

export const ListMediaQuery = Type.Object(
  {
    limit: Type.Optional(PageLimit),
    starting_after: Type.Optional(Type.String({ description: 'The last id of the previous page.' })),
  },
  { additionalProperties: false },
);

export const MediaIdParams = Type.Object({ id: Type.String({ minLength: 1, description: '`med_` id.' }) });

/** The upload form: one file in a part named `file`, nothing else (docs/api.md §4.8). Documents the form; the route reads it as a stream. */
export const UploadForm = Type.Object(
  {
    file: Type.String({
      format: 'binary',
      description: "The file. Its type is read from its content; the part's filename is kept for display.",
    }),
  },
  { additionalProperties: false, [MULTIPART_BODY]: true },
);

/** Files stored, for one source (docs/api.md §D17). */
const UsageFigure = Type.Object({
  files: Type.Integer({ description: 'How many files.' }),
  bytes: Type.Integer({ description: 'Their size, bytes.' }),
});

export const MediaUsage = Type.Object(
  { upload: UsageFigure, inbound: UsageFigure, total: UsageFigure },
  {
    description:
      "The files stored for the key's account and mode, by source: `upload` (`POST /v1/media`) and `inbound` (files customers sent).",
    examples: [
      {
        upload: { files: 12, bytes: 4_812_033 },
        inbound: { files: 340, bytes: 96_410_211 },
        total: { files: 352, bytes: 101_222_244 },
      },
    ],
  },
);
export type MediaUsage = Static<typeof MediaUsage>;
