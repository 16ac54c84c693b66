// The reference page of /api/docs: Swagger UI on the gateway's own document. A file of its own,
// not an inline script, so the gateway's CSP (script-src 'self') holds for this page too.
/* global SwaggerUIBundle */
window.ui = SwaggerUIBundle({
  url: '/api/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // Never send the document to swagger.io's online validator (nor load its badge).
  validatorUrl: null,
  presets: [SwaggerUIBundle.presets.apis],
  layout: 'BaseLayout',
});
