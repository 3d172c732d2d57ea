// The reference page of /api/docs: Swagger UI (served from this server, never a CDN) on the API's own
// OpenAPI document. A file of its own because the Content-Security-Policy allows no inline script.
window.ui = SwaggerUIBundle({
  url: '/api/v1/openapi.json',
  dom_id: '#swagger-ui',
  deepLinking: true,
  // the online validator would be a request to another host: the document is checked by the tests
  validatorUrl: null,
  // "Try it out" sends the token given under "Authorize"; the page keeps no token of its own
  persistAuthorization: false,
  docExpansion: 'none',
  tagsSorter: 'alpha',
});
