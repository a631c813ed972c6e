// libcurl's easy interface, loaded with dlopen on the first request. Only its stable C ABI is used,
// so no curl headers are needed to build: the option numbers below are curl.h's.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "CHTTPTransfer.h"

typedef void CURL;
struct curl_slist;
typedef int CURLcode;

#define WH_CURLOPT_WRITEDATA 10001
#define WH_CURLOPT_URL 10002
#define WH_CURLOPT_ERRORBUFFER 10010
#define WH_CURLOPT_WRITEFUNCTION 20011
#define WH_CURLOPT_POSTFIELDS 10015
#define WH_CURLOPT_HTTPHEADER 10023
#define WH_CURLOPT_HEADERDATA 10029
#define WH_CURLOPT_CUSTOMREQUEST 10036
#define WH_CURLOPT_NOBODY 44
#define WH_CURLOPT_FOLLOWLOCATION 52
#define WH_CURLOPT_MAXREDIRS 68
#define WH_CURLOPT_NOSIGNAL 99
#define WH_CURLOPT_HEADERFUNCTION 20079
#define WH_CURLOPT_ACCEPT_ENCODING 10102
#define WH_CURLOPT_TIMEOUT_MS 155
#define WH_CURLOPT_PROTOCOLS 181
#define WH_CURLOPT_REDIR_PROTOCOLS 182
#define WH_CURLOPT_POSTFIELDSIZE_LARGE 30120
#define WH_CURLINFO_RESPONSE_CODE 0x200002
#define WH_CURL_GLOBAL_ALL 3
#define WH_CURLPROTO_HTTP_AND_HTTPS 3
#define WH_CURL_ERROR_SIZE 256

/// The functions used, as loaded.
static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, int, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, int, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} curl;
static char load_failure[200];
static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    const char *names[] = { "libcurl.so.4", "libcurl-gnutls.so.4", "libcurl.so", NULL };
    void *library = NULL;
    for (int i = 0; names[i] && !library; i++) library = dlopen(names[i], RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(load_failure, sizeof(load_failure), "libcurl could not be loaded (%s)", dlerror());
        return;
    }
#define WH_LOAD(field, symbol) \
    do { *(void **)&curl.field = dlsym(library, symbol); if (!curl.field) { \
        snprintf(load_failure, sizeof(load_failure), "libcurl lacks %s", symbol); return; } } while (0)
    WH_LOAD(global_init, "curl_global_init");
    WH_LOAD(easy_init, "curl_easy_init");
    WH_LOAD(easy_setopt, "curl_easy_setopt");
    WH_LOAD(easy_perform, "curl_easy_perform");
    WH_LOAD(easy_getinfo, "curl_easy_getinfo");
    WH_LOAD(easy_cleanup, "curl_easy_cleanup");
    WH_LOAD(easy_strerror, "curl_easy_strerror");
    WH_LOAD(slist_append, "curl_slist_append");
    WH_LOAD(slist_free_all, "curl_slist_free_all");
#undef WH_LOAD
    // Not thread-safe in older libcurl: once, here, before any transfer.
    if (curl.global_init(WH_CURL_GLOBAL_ALL) != 0) {
        snprintf(load_failure, sizeof(load_failure), "libcurl did not initialise");
        curl.easy_init = NULL;
    }
}

/// A growing buffer with a bound.
struct sink {
    unsigned char *bytes;
    size_t length, capacity, limit;
    int over_limit, out_of_memory;
};

static int append(struct sink *sink, const void *data, size_t length) {
    if (sink->length + length > sink->limit) { sink->over_limit = 1; return 0; }
    if (sink->length + length > sink->capacity) {
        size_t wanted = sink->capacity ? sink->capacity * 2 : 4096;
        while (wanted < sink->length + length) wanted *= 2;
        unsigned char *grown = realloc(sink->bytes, wanted);
        if (!grown) { sink->out_of_memory = 1; return 0; }
        sink->bytes = grown;
        sink->capacity = wanted;
    }
    memcpy(sink->bytes + sink->length, data, length);
    sink->length += length;
    return 1;
}

static size_t take_body(char *data, size_t size, size_t count, void *context) {
    return append(context, data, size * count) ? size * count : 0;
}

/// Keeps the header lines of the last response only: a redirect's or a 100 Continue's are dropped
/// when the next status line arrives.
static size_t take_header(char *data, size_t size, size_t count, void *context) {
    struct sink *sink = context;
    size_t length = size * count;
    if (length >= 5 && memcmp(data, "HTTP/", 5) == 0) sink->length = 0;
    return append(sink, data, length) ? length : 0;
}

static void fail(struct widgethost_http_response *response, int failure, int code, const char *detail) {
    response->failure = failure;
    response->curl_code = code;
    snprintf(response->detail, sizeof(response->detail), "%s", detail ? detail : "");
}

void widgethost_http_perform(const struct widgethost_http_request *request, struct widgethost_http_response *response) {
    memset(response, 0, sizeof(*response));
    pthread_once(&load_once, load);
    if (!curl.easy_init) return fail(response, WIDGETHOST_HTTP_UNAVAILABLE, 0, load_failure);
    CURL *handle = curl.easy_init();
    if (!handle) return fail(response, WIDGETHOST_HTTP_NO_MEMORY, 0, "no transfer handle");

    struct curl_slist *headers = NULL;
    // libcurl would otherwise hold a larger body back until the server says to go on.
    headers = curl.slist_append(headers, "Expect:");
    for (char *const *line = request->headers; line && *line; line++) headers = curl.slist_append(headers, *line);
    struct sink body = { .limit = request->max_response_bytes };
    struct sink head = { .limit = 1 << 20 };
    char error[WH_CURL_ERROR_SIZE] = { 0 };

    curl.easy_setopt(handle, WH_CURLOPT_URL, request->url);
    curl.easy_setopt(handle, WH_CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, WH_CURLOPT_PROTOCOLS, (long)WH_CURLPROTO_HTTP_AND_HTTPS);
    curl.easy_setopt(handle, WH_CURLOPT_REDIR_PROTOCOLS, (long)WH_CURLPROTO_HTTP_AND_HTTPS);
    curl.easy_setopt(handle, WH_CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, WH_CURLOPT_MAXREDIRS, 16L);
    curl.easy_setopt(handle, WH_CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, WH_CURLOPT_TIMEOUT_MS, request->timeout_ms > 0 ? request->timeout_ms : 1L);
    curl.easy_setopt(handle, WH_CURLOPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, WH_CURLOPT_HTTPHEADER, headers);
    curl.easy_setopt(handle, WH_CURLOPT_WRITEFUNCTION, take_body);
    curl.easy_setopt(handle, WH_CURLOPT_WRITEDATA, &body);
    curl.easy_setopt(handle, WH_CURLOPT_HEADERFUNCTION, take_header);
    curl.easy_setopt(handle, WH_CURLOPT_HEADERDATA, &head);
    const char *method = request->method ? request->method : "GET";
    if (strcmp(method, "HEAD") == 0) {
        curl.easy_setopt(handle, WH_CURLOPT_NOBODY, 1L);
    } else if (strcmp(method, "GET") != 0 || request->body_length > 0) {
        if (request->body_length > 0 || strcmp(method, "POST") == 0 || strcmp(method, "PUT") == 0 || strcmp(method, "PATCH") == 0) {
            curl.easy_setopt(handle, WH_CURLOPT_POSTFIELDSIZE_LARGE, (int64_t)request->body_length);
            curl.easy_setopt(handle, WH_CURLOPT_POSTFIELDS, request->body_length > 0 ? (const char *)request->body : "");
        }
        curl.easy_setopt(handle, WH_CURLOPT_CUSTOMREQUEST, method);
    }

    CURLcode code = curl.easy_perform(handle);
    if (body.over_limit) {
        fail(response, WIDGETHOST_HTTP_TOO_LARGE, code, NULL);
    } else if (body.out_of_memory || head.out_of_memory || head.over_limit) {
        fail(response, WIDGETHOST_HTTP_NO_MEMORY, code, head.over_limit ? "the response's headers exceed 1 MiB" : "out of memory");
    } else if (code != 0) {
        fail(response, WIDGETHOST_HTTP_TRANSFER, code, error[0] ? error : curl.easy_strerror(code));
    } else {
        long status = 0;
        curl.easy_getinfo(handle, WH_CURLINFO_RESPONSE_CODE, &status);
        response->status = status;
        response->body = body.bytes;
        response->body_length = body.length;
        response->headers = (char *)head.bytes;
        response->headers_length = head.length;
        body.bytes = NULL;
        head.bytes = NULL;
    }
    free(body.bytes);
    free(head.bytes);
    curl.slist_free_all(headers);
    curl.easy_cleanup(handle);
}

void widgethost_http_release(struct widgethost_http_response *response) {
    free(response->body);
    free(response->headers);
    response->body = NULL;
    response->headers = NULL;
}
