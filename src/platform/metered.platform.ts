/**
 * A Platform that measures every call of the Platform it wraps: the one place platform calls are
 * counted and timed (operation, ok or error, the Graph error code), so no caller has to. The
 * composition root wraps the real platform in it.
 */
import type { PlatformOperation, PlatformRecorder } from '../metrics/recorders.js';
import { PlatformError, type Platform } from './platform.js';

/** The error code label of a failed call: the Graph code, or `none` when the platform gave none. */
export function errorCodeLabel(err: unknown): string {
  return err instanceof PlatformError && err.code !== null ? String(err.code) : 'none';
}

export class MeteredPlatform implements Platform {
  readonly #inner: Platform;
  readonly #recorder: PlatformRecorder;

  constructor(inner: Platform, recorder: PlatformRecorder) {
    this.#inner = inner;
    this.#recorder = recorder;
  }

  sendMessage: Platform['sendMessage'] = (...args) =>
    this.#measure('send_message', () => this.#inner.sendMessage(...args));
  createTemplate: Platform['createTemplate'] = (...args) =>
    this.#measure('create_template', () => this.#inner.createTemplate(...args));
  findTemplate: Platform['findTemplate'] = (...args) =>
    this.#measure('find_template', () => this.#inner.findTemplate(...args));
  editTemplate: Platform['editTemplate'] = (...args) =>
    this.#measure('edit_template', () => this.#inner.editTemplate(...args));
  setTemplateTimeToLive: Platform['setTemplateTimeToLive'] = (...args) =>
    this.#measure('set_template_ttl', () => this.#inner.setTemplateTimeToLive(...args));
  getTemplate: Platform['getTemplate'] = (...args) =>
    this.#measure('get_template', () => this.#inner.getTemplate(...args));
  deleteTemplate: Platform['deleteTemplate'] = (...args) =>
    this.#measure('delete_template', () => this.#inner.deleteTemplate(...args));
  readTemplate: Platform['readTemplate'] = (...args) =>
    this.#measure('get_template', () => this.#inner.readTemplate(...args));
  listTemplates: Platform['listTemplates'] = (...args) =>
    this.#measure('list_templates', () => this.#inner.listTemplates(...args));
  createLibraryTemplate: Platform['createLibraryTemplate'] = (...args) =>
    this.#measure('create_library_template', () => this.#inner.createLibraryTemplate(...args));
  browseTemplateLibrary: Platform['browseTemplateLibrary'] = (...args) =>
    this.#measure('browse_template_library', () => this.#inner.browseTemplateLibrary(...args));
  uploadMedia: Platform['uploadMedia'] = (...args) =>
    this.#measure('upload_media', () => this.#inner.uploadMedia(...args));
  deleteMedia: Platform['deleteMedia'] = (...args) =>
    this.#measure('delete_media', () => this.#inner.deleteMedia(...args));
  uploadHeaderHandle: Platform['uploadHeaderHandle'] = (...args) =>
    this.#measure('upload_header_handle', () => this.#inner.uploadHeaderHandle(...args));
  getMediaUrl: Platform['getMediaUrl'] = (...args) =>
    this.#measure('get_media_url', () => this.#inner.getMediaUrl(...args));
  /** Timed until the answer's headers are in (the body is the caller's to read). */
  downloadMedia: Platform['downloadMedia'] = (...args) =>
    this.#measure('download_media', () => this.#inner.downloadMedia(...args));
  getThroughput: Platform['getThroughput'] = (...args) =>
    this.#measure('get_throughput', () => this.#inner.getThroughput(...args));
  markRead: Platform['markRead'] = (...args) => this.#measure('mark_read', () => this.#inner.markRead(...args));
  blockUsers: Platform['blockUsers'] = (...args) => this.#measure('block_users', () => this.#inner.blockUsers(...args));
  unblockUsers: Platform['unblockUsers'] = (...args) =>
    this.#measure('unblock_users', () => this.#inner.unblockUsers(...args));
  listBlockedUsers: Platform['listBlockedUsers'] = (...args) =>
    this.#measure('list_blocked_users', () => this.#inner.listBlockedUsers(...args));

  close(): Promise<void> {
    return this.#inner.close();
  }

  async #measure<T>(operation: PlatformOperation, call: () => Promise<T>): Promise<T> {
    const start = performance.now();
    try {
      const result = await call();
      this.#recorder.call(operation, 'ok', '', (performance.now() - start) / 1000);
      return result;
    } catch (err) {
      this.#recorder.call(operation, 'error', errorCodeLabel(err), (performance.now() - start) / 1000);
      throw err;
    }
  }
}
