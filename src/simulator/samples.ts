/**
 * Built-in sample files, one per inbound media kind, for customer messages made through the control
 * API without file content (copies of the tiny well-formed samples in test/fixtures/media/).
 */
export const SAMPLES: Readonly<
  Record<'image' | 'video' | 'audio' | 'document' | 'sticker', { mimeType: string; filename: string; base64: string }>
> = {
  image: {
    mimeType: 'image/jpeg',
    filename: 'sample.jpg',
    base64: '/9j/4AAQSkZJRgABAQAAAQABAAD//gAOdGlkaW5ncyB0ZXN0/9k=',
  },
  video: {
    mimeType: 'video/mp4',
    filename: 'sample.mp4',
    base64:
      'AAAAIGZ0eXBpc29tAAAAAGlzb21pc28yYXZjMW1wNDEAAAAQZnJlZQAAAAAAAAAAAAAASG1kYXQAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
  },
  audio: {
    mimeType: 'audio/ogg',
    filename: 'sample.ogg',
    base64:
      'T2dnUwACAAAAAAAAAADSBAAAAAAAADlZQlgBE09wdXNIZWFkAQE4AYC7AAAAAABPZ2dTAAAAAAAAAAAAANIEAAABAAAAlqmsRgEXT3B1c1RhZ3MHAAAAdGlkaW5ncwAAAAA=',
  },
  document: {
    mimeType: 'application/pdf',
    filename: 'sample.pdf',
    base64:
      'JVBERi0xLjQKMSAwIG9iaiA8PCAvVHlwZSAvQ2F0YWxvZyAvUGFnZXMgMiAwIFIgPj4gZW5kb2JqCjIgMCBvYmogPDwgL1R5cGUgL1BhZ2VzIC9LaWRzIFszIDAgUl0gL0NvdW50IDEgPj4gZW5kb2JqCjMgMCBvYmogPDwgL1R5cGUgL1BhZ2UgL1BhcmVudCAyIDAgUiAvTWVkaWFCb3ggWzAgMCAyMDAgMjAwXSA+PiBlbmRvYmoKdHJhaWxlciA8PCAvUm9vdCAxIDAgUiA+PgolJUVPRgo=',
  },
  sticker: { mimeType: 'image/webp', filename: 'sample.webp', base64: 'UklGRhQAAABXRUJQVlA4TAgAAAAvAAAAAIiICA==' },
};
