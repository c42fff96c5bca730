// Starts Swagger UI (swagger-ui-bundle.js, loaded before this script) on the service's own
// document. A separate script rather than an inline one, so the page works under a CSP without
// 'unsafe-inline'.
declare const SwaggerUIBundle: (options: Record<string, unknown>) => unknown;

SwaggerUIBundle({
  url: '/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // Its default sends the document to validator.swagger.io for a badge: nothing leaves the page.
  validatorUrl: null,
});
