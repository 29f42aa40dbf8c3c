#ifndef LOCKSCREEND_CURL_LOADER_H
#define LOCKSCREEND_CURL_LOADER_H

#include <stddef.h>

/// How one request ended.
typedef enum {
    CCurlLoader_HTTP_DONE = 0,        ///< A response arrived; see status and body.
    CCurlLoader_HTTP_NO_LIBCURL,      ///< libcurl.so.4 could not be loaded; message says why.
    CCurlLoader_HTTP_STOPPED,         ///< Stopped by CCurlLoader_http_stop (a time-out, a cancellation).
    CCurlLoader_HTTP_TOO_LARGE,       ///< The body (or its announced length) is over the limit.
    CCurlLoader_HTTP_TRANSPORT,       ///< DNS, TCP, TLS or protocol failure; message says why.
} CCurlLoader_http_outcome;

typedef struct {
    CCurlLoader_http_outcome outcome;
    long status;              ///< The HTTP status of the last response, after redirects.
    char *body;               ///< malloc'd; free with CCurlLoader_http_free. NULL when empty.
    size_t length;
    char message[512];
} CCurlLoader_http_result;

/// One request of an http or https URL, blocking, following up to 5 redirects: `method`
/// "GET", or any other ("POST", "PUT", "DELETE", …) with a body of `body_length` bytes
/// (`body` may be NULL when it is 0). `headers` are "Name: value" lines. libcurl is loaded
/// on first use, so a daemon with no HTTP widget never maps it or the TLS libraries it
/// brings. The transfer has no time limit of its own: it ends within about a second of
/// `CCurlLoader_http_stop(stop)` from any thread (libcurl asks its progress callback at
/// least once a second, even while idle).
void CCurlLoader_http_request(const char *method, const char *url, const char *const *headers, size_t header_count,
                  const char *body, size_t body_length, int *stop, size_t limit, const char *user_agent,
                  CCurlLoader_http_result *result);

/// Asks the transfer given `stop` to end; safe from any thread, before or after it ends.
void CCurlLoader_http_stop(int *stop);

void CCurlLoader_http_free(CCurlLoader_http_result *result);

/// Loads libcurl if it is not loaded yet: 1 when requests can be made, else 0 with why in
/// `message` (at most `size` bytes), so a configuration check can say so before any fetch.
int CCurlLoader_http_available(char *message, size_t size);

#endif
