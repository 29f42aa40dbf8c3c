#ifndef LOCKSCREEND_CURL_LOADER_H
#define LOCKSCREEND_CURL_LOADER_H

#include <stddef.h>

/// How one GET ended.
typedef enum {
    LSD_HTTP_DONE = 0,        ///< A response arrived; see status and body.
    LSD_HTTP_NO_LIBCURL,      ///< libcurl.so.4 could not be loaded; message says why.
    LSD_HTTP_TIMED_OUT,       ///< No complete response within the time-out.
    LSD_HTTP_TOO_LARGE,       ///< The body (or its announced length) is over the limit.
    LSD_HTTP_TRANSPORT,       ///< DNS, TCP, TLS or protocol failure; message says why.
} lsd_http_outcome;

typedef struct {
    lsd_http_outcome outcome;
    long status;              ///< The HTTP status of the last response, after redirects.
    char *body;               ///< malloc'd; free with lsd_http_free. NULL when empty.
    size_t length;
    char message[512];
} lsd_http_result;

/// One GET of an http or https URL, blocking, following up to 5 redirects. `headers` are
/// "Name: value" lines. libcurl is loaded on first use, so a daemon with no HTTP widget
/// never maps it or the TLS libraries it brings.
void lsd_http_get(const char *url, const char *const *headers, size_t header_count,
                  long timeout_ms, size_t limit, const char *user_agent, lsd_http_result *result);

void lsd_http_free(lsd_http_result *result);

/// Loads libcurl if it is not loaded yet: 1 when requests can be made, else 0 with why in
/// `message` (at most `size` bytes), so a configuration check can say so before any fetch.
int lsd_http_available(char *message, size_t size);

#endif
