/*
 * Generated from schemas/requests/set-label-policy.schema.json by `npm run request-types`: edit the schema,
 * never this file. test/unit/request-types.test.ts fails while it differs.
 */

/**
 * PUT /management/v1/policies/label and PUT /management/v1/policies/label/default (identity.management.v1.SetLabelPolicyRequest): the label policy, set whole. A colour left out is the service’s own, and so is no logo.
 */
export interface SetLabelPolicyRequest {
  /**
   * The colour of buttons and links, as #rgb or #rrggbb; the service’s own when omitted.
   */
  primaryColor?: string;
  /**
   * The colour of the page behind the form, as #rgb or #rrggbb; the service’s own when omitted.
   */
  backgroundColor?: string;
  /**
   * The colour of errors and warnings, as #rgb or #rrggbb; the service’s own when omitted.
   */
  warningColor?: string;
  /**
   * The colour of the text, as #rgb or #rrggbb; the service’s own when omitted.
   */
  fontColor?: string;
  /**
   * The logo, base64 (standard or URL-safe): a PNG, JPEG, GIF or WebP image of at most 256 KiB, told by its content; none when omitted.
   */
  logo?: string;
  /**
   * Leave the service’s own name out of the pages; false when omitted.
   */
  hideServiceName?: boolean;
}
