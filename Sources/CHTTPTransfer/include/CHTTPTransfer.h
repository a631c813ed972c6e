// One HTTP request through libcurl, loaded when the first request is made rather than when the host
// starts: linking Foundation's URLSession (FoundationNetworking, and through it libcurl, Kerberos,
// LDAP and TLS) cost every widget-host process about 17 ms at start, though most never fetch.
#ifndef CHTTP_TRANSFER_H
#define CHTTP_TRANSFER_H

#include <stddef.h>

struct widgethost_http_request {
    const char *url;
    const char *method;
    /// "Name: value" lines, NULL-terminated.
    char *const *headers;
    const unsigned char *body;
    size_t body_length;
    long timeout_ms;
    /// A larger response body ends the transfer with WIDGETHOST_HTTP_TOO_LARGE.
    size_t max_response_bytes;
};

/// Why a transfer ended without a response.
enum widgethost_http_failure {
    WIDGETHOST_HTTP_OK = 0,
    /// libcurl could not be loaded (`detail` says why).
    WIDGETHOST_HTTP_UNAVAILABLE = 1,
    WIDGETHOST_HTTP_TOO_LARGE = 2,
    /// libcurl's own error: `curl_code` and `detail`.
    WIDGETHOST_HTTP_TRANSFER = 3,
    WIDGETHOST_HTTP_NO_MEMORY = 4,
};

struct widgethost_http_response {
    int failure;
    int curl_code;
    long status;
    /// The last response's header lines ("Name: value\r\n", its status line first), and the body;
    /// both allocated here and released by `widgethost_http_release`.
    char *headers;
    size_t headers_length;
    unsigned char *body;
    size_t body_length;
    char detail[256];
};

/// Performs `request`, blocking the calling thread, and fills `response`. Safe from several threads.
void widgethost_http_perform(const struct widgethost_http_request *request, struct widgethost_http_response *response);
void widgethost_http_release(struct widgethost_http_response *response);

#endif
