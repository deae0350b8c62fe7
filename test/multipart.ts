/** Multipart bodies for upload tests, built by hand so a test controls every byte. */

export interface FilePart {
  filename: string;
  type: string;
  data: Buffer;
}

/** A multipart/form-data body with the given parts (strings as fields, files as FilePart). */
export function multipart(parts: Record<string, string | FilePart>): { body: Buffer; contentType: string } {
  const boundary = `----tidings${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(parts)) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.filename}"\r\nContent-Type: ${value.type}\r\n\r\n`,
        ),
        value.data,
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}
