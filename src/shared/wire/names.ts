// The spec's neutral identifiers that a deployment may rename (WIRE-NOTES: keep them in one module).
// Adapters, validation and code export read them from here and never spell them inline.

/** Vendor word inside field names such as `extra_body.vendor.thinking_config`. */
export const VENDOR_KEY = 'vendor'
/** Name of the search tool in chat (`function.name`, `extra_body.vendor.tools`) and native (`tools[]`). */
export const VENDOR_SEARCH_TOOL = 'vendorSearch'
/** The service's own chat field that inlines reasoning into `content`. */
export const SVC_THINKING_TO_CONTENT = 'svc_thinking_to_content'
/** Header carrying the key on native endpoints. */
export const VENDOR_API_KEY_HEADER = 'x-vendor-api-key'
