import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MessageBody, ValidationErrorBody } from '../../contract/errors';
import { LOGO_MAX_BYTES, LogoBody } from '../../contract/user';
import { badRequest, tryLater } from '../plugins/http-errors';
import { bodyReadByHandler } from '../plugins/validators';
import { LogoImageError, LogoQueueFullError, normaliseLogo } from './logo-image';
import { localLogoStore, sniffImage } from './logo-store';
import { replaceLogo } from './repository';

const tooLarge = `The logo must be ${LOGO_MAX_BYTES / 1024 / 1024} MB or smaller.`;
const notAnImage = 'The logo must be a PNG, JPEG or WebP image.';

const malformed =
  'The upload is not a complete multipart form; choose the image again (form field "logo").';

/**
 * What to answer for an error while reading the form. Only the request body is read
 * (into memory, nothing touches the disk yet), so every failure is the client's: a
 * form without a boundary or cut short (busboy's plain `Error`s) is a 400 in the
 * `errors` shape like any other refusal, not a 500; Fastify's own 4xx stay as they are.
 */
function formError(error: unknown): unknown {
  const { code, statusCode } = error as { code?: string; statusCode?: number };
  if (code === 'FST_REQ_FILE_TOO_LARGE') return badRequest({ logo: [tooLarge] });
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) return error;
  return badRequest({ logo: [malformed] });
}

/** For the API reference only: the handler reads the form itself, as a stream. */
const UploadLogoForm = Type.Object({
  logo: Type.String({
    format: 'binary',
    description:
      'PNG, JPEG or WebP, at most 2 MB and 25 megapixels; stored as a PNG of at most 600 x 240 pixels',
  }),
});

/**
 * `POST /api/user/uploadlogo`: one image in the form field `logo`. Its type is judged
 * by its bytes; the name and declared type are the client's word and SVG may carry
 * script. It is decoded and stored downscaled as a PNG (logo-image.ts): the original
 * is never kept, so nothing else ever decodes it. Every refusal (also "too large") is a 400 in the `errors` shape, which the
 * app shows beside the upload.
 */
const logoRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Scoped to this plugin: no other route accepts multipart bodies.
  await app.register(multipart, { limits: { fileSize: LOGO_MAX_BYTES, files: 1, fields: 10 } });
  const logos = localLogoStore(app.config.dataDir);
  /** Accounts with an upload in progress: one at a time each (429). */
  const uploading = new Set<string>();

  app.post(
    '/user/uploadlogo',
    {
      schema: {
        summary: 'Upload the logo shown in the app',
        tags: ['user'],
        security: [{ bearerAuth: [] }],
        consumes: ['multipart/form-data'],
        body: UploadLogoForm,
        response: {
          200: LogoBody,
          400: ValidationErrorBody,
          401: MessageBody,
          429: MessageBody,
          503: MessageBody,
        },
      },
      // The body schema documents the form; the multipart stream is checked below.
      validatorCompiler: bodyReadByHandler,
    },
    async (request) => {
      // The upload arrives at the client's pace and the image is decoded off the loop:
      // neither needs the database, so the request gives back its place at the gate.
      request.admissionRelease?.();
      const accountId = request.account.id;
      if (uploading.has(accountId)) {
        throw tryLater(429, 'A logo of this account is being uploaded; try again in a moment.', 5);
      }
      uploading.add(accountId);
      try {
        return await upload(request);
      } finally {
        uploading.delete(accountId);
      }
    },
  );

  /** Reads, checks, normalises and stores the uploaded logo. */
  async function upload(request: FastifyRequest): Promise<{ logoUrl: string }> {
    const part = await request.file().catch((error: unknown) => {
      if ((error as { code?: string }).code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') {
        return undefined;
      }
      throw formError(error);
    });
    if (!part || part.fieldname !== 'logo') {
      part?.file.resume(); // read the rest, so that the connection stays usable
      throw badRequest({ logo: ['Choose an image file to upload (form field "logo").'] });
    }
    const bytes = await part.toBuffer().catch((error: unknown) => {
      throw formError(error);
    });
    if (!sniffImage(bytes)) throw badRequest({ logo: [notAnImage] });
    const png = await normaliseLogo(bytes).catch((error: unknown) => {
      if (error instanceof LogoQueueFullError) {
        throw tryLater(503, 'The server is busy with other logos; try again in a moment.', 5);
      }
      throw error instanceof LogoImageError ? badRequest({ logo: [error.message] }) : error;
    });

    const logoUrl = await logos.save(request.account.id, 'png', png);
    let previous: string | null;
    try {
      previous = await replaceLogo(app.db, request.account.id, logoUrl);
    } catch (error) {
      await logos.remove(logoUrl);
      throw error;
    }
    await logos.remove(previous).catch((error: unknown) => {
      request.log.warn({ err: error, logo: previous }, 'the replaced logo file stays behind');
    });
    return { logoUrl };
  }
};

export default logoRoutes;
