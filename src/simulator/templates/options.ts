/**
 * The optional settings a template create or edit may carry besides its content (templates.routes.ts, by-id.ts).
 */
import { graphError, type GraphError } from '../../lib/graph-errors.js';
import type { SimTemplate } from '../model.js';

/**
 * The optional settings a create or an edit may carry, as the template keeps them
 * (docs/platform.md §0.1): `degrees_of_freedom_spec`
 * `{creative_features_spec: {<feature>: {enroll_status: OPT_IN|OPT_OUT}}}` (Meta "Send marketing
 * messages", JSON-encoded in a form body) and `cta_url_link_tracking_opted_out` (a boolean, `"true"`
 * in a form body). Absent ones are left as they were; a malformed one is 100.
 */
export function readOptions(
  b: Record<string, unknown>,
): Pick<SimTemplate, 'degreesOfFreedomSpec' | 'ctaUrlLinkTrackingOptedOut'> | GraphError {
  const out: Pick<SimTemplate, 'degreesOfFreedomSpec' | 'ctaUrlLinkTrackingOptedOut'> = {};
  let spec = b.degrees_of_freedom_spec;
  if (typeof spec === 'string') {
    // A form body carries it JSON-encoded, as Graph takes object parameters.
    try {
      spec = JSON.parse(spec);
    } catch {}
  }
  if (spec !== undefined) {
    const features = (spec as { creative_features_spec?: unknown } | null)?.creative_features_spec;
    const valid = (f: unknown) =>
      ['OPT_IN', 'OPT_OUT'].includes(String((f as { enroll_status?: unknown } | null)?.enroll_status));
    if (
      typeof features !== 'object' ||
      features === null ||
      Array.isArray(features) ||
      !Object.values(features).every(valid)
    ) {
      return graphError(
        100,
        'Invalid parameter: degrees_of_freedom_spec.creative_features_spec must map features to {"enroll_status": "OPT_IN" or "OPT_OUT"}.',
      );
    }
    out.degreesOfFreedomSpec = { creative_features_spec: features as Record<string, { enroll_status: string }> };
  }
  const tracking = b.cta_url_link_tracking_opted_out;
  if (tracking !== undefined) {
    if (![true, false, 'true', 'false'].includes(tracking as boolean))
      return graphError(100, 'Invalid parameter: cta_url_link_tracking_opted_out must be a boolean.');
    out.ctaUrlLinkTrackingOptedOut = tracking === true || tracking === 'true';
  }
  return out;
}
