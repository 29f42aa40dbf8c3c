#include "curl_loader.h"

#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// libcurl is opened with dlopen rather than linked: linking it (as Foundation's URLSession
// does) maps libcurl and its TLS, Kerberos, LDAP and SSH libraries into every daemon,
// about 6 MB, though most screens fetch nothing. The header is used only for types and
// option numbers, which libcurl keeps stable across its soname.

static struct {
    CURLcode (*global_init)(long);
    CURL *(*easy_init)(void);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    void (*easy_cleanup)(CURL *);
    const char *(*easy_strerror)(CURLcode);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
    char error[256];
    int ready;
} curl;

static pthread_once_t curl_once = PTHREAD_ONCE_INIT;

static void load_curl(void) {
    void *lib = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!lib) {
        snprintf(curl.error, sizeof curl.error, "HTTP needs libcurl (Debian: apt install libcurl4): %s", dlerror());
        return;
    }
#define LOAD(field, symbol)                                                                     \
    if (!(*(void **)&curl.field = dlsym(lib, symbol))) {                                        \
        snprintf(curl.error, sizeof curl.error, "libcurl.so.4 lacks %s; it is too old", symbol); \
        return;                                                                                 \
    }
    LOAD(global_init, "curl_global_init")
    LOAD(easy_init, "curl_easy_init")
    LOAD(easy_setopt, "curl_easy_setopt")
    LOAD(easy_perform, "curl_easy_perform")
    LOAD(easy_getinfo, "curl_easy_getinfo")
    LOAD(easy_cleanup, "curl_easy_cleanup")
    LOAD(easy_strerror, "curl_easy_strerror")
    LOAD(slist_append, "curl_slist_append")
    LOAD(slist_free_all, "curl_slist_free_all")
#undef LOAD
    // Not thread-safe in older libcurl, hence once, before any handle exists.
    CURLcode code = curl.global_init(CURL_GLOBAL_DEFAULT);
    if (code != CURLE_OK) {
        snprintf(curl.error, sizeof curl.error, "libcurl did not start: %s", curl.easy_strerror(code));
        return;
    }
    curl.ready = 1;
}

typedef struct {
    CURL *handle;
    char *data;
    size_t length, capacity, limit;
    int over;
} sink;

static size_t on_data(char *data, size_t size, size_t count, void *context) {
    sink *s = context;
    size_t n = size * count;
    // An error page's body is not wanted, however long; the status says enough.
    long status = 0;
    curl.easy_getinfo(s->handle, CURLINFO_RESPONSE_CODE, &status);
    if (status < 200 || status >= 400) return 0;
    if (s->length + n > s->limit) {
        s->over = 1;
        return 0;  // Aborts the transfer with CURLE_WRITE_ERROR.
    }
    if (s->length + n > s->capacity) {
        size_t capacity = s->capacity ? s->capacity : 16384;
        while (capacity < s->length + n) capacity *= 2;
        if (capacity > s->limit) capacity = s->limit;
        char *grown = realloc(s->data, capacity);
        if (!grown) return 0;
        s->data = grown;
        s->capacity = capacity;
    }
    memcpy(s->data + s->length, data, n);
    s->length += n;
    return n;
}

/// libcurl's progress callback: a non-zero answer aborts the transfer.
static int on_progress(void *stop, curl_off_t down_total, curl_off_t down_now, curl_off_t up_total, curl_off_t up_now) {
    (void)down_total, (void)down_now, (void)up_total, (void)up_now;
    return __atomic_load_n((int *)stop, __ATOMIC_ACQUIRE) != 0;
}

void CCurlLoader_http_stop(int *stop) {
    __atomic_store_n(stop, 1, __ATOMIC_RELEASE);
}

void CCurlLoader_http_request(const char *method, const char *url, const char *const *headers, size_t header_count,
                  const char *body, size_t body_length, int *stop, size_t limit, const char *user_agent,
                  CCurlLoader_http_result *result) {
    memset(result, 0, sizeof *result);
    pthread_once(&curl_once, load_curl);
    if (!curl.ready) {
        result->outcome = CCurlLoader_HTTP_NO_LIBCURL;
        snprintf(result->message, sizeof result->message, "%s", curl.error);
        return;
    }
    CURL *handle = curl.easy_init();
    if (!handle) {
        result->outcome = CCurlLoader_HTTP_TRANSPORT;
        snprintf(result->message, sizeof result->message, "libcurl could not make a handle");
        return;
    }
    struct curl_slist *list = NULL;
    for (size_t i = 0; i < header_count; i++) list = curl.slist_append(list, headers[i]);
    sink answer = {.handle = handle, .limit = limit};
    char error[CURL_ERROR_SIZE] = "";

    curl.easy_setopt(handle, CURLOPT_URL, url);
    curl.easy_setopt(handle, CURLOPT_HTTPHEADER, list);
    curl.easy_setopt(handle, CURLOPT_USERAGENT, user_agent);
    curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, on_data);
    curl.easy_setopt(handle, CURLOPT_WRITEDATA, &answer);
    if (strcmp(method, "GET") != 0) {
        // A body is sent as given (POSTFIELDS is not copied: it outlives the transfer);
        // the method is the one asked for, also after a redirect.
        curl.easy_setopt(handle, CURLOPT_POSTFIELDSIZE_LARGE, (curl_off_t)body_length);
        curl.easy_setopt(handle, CURLOPT_POSTFIELDS, body ? body : "");
        curl.easy_setopt(handle, CURLOPT_CUSTOMREQUEST, method);
    }
    curl.easy_setopt(handle, CURLOPT_ERRORBUFFER, error);
    curl.easy_setopt(handle, CURLOPT_XFERINFOFUNCTION, on_progress);
    curl.easy_setopt(handle, CURLOPT_XFERINFODATA, stop);
    curl.easy_setopt(handle, CURLOPT_NOPROGRESS, 0L);
    curl.easy_setopt(handle, CURLOPT_NOSIGNAL, 1L);
    curl.easy_setopt(handle, CURLOPT_FOLLOWLOCATION, 1L);
    curl.easy_setopt(handle, CURLOPT_MAXREDIRS, 5L);
    curl.easy_setopt(handle, CURLOPT_ACCEPT_ENCODING, "");
    curl.easy_setopt(handle, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)limit);
    // Only http and https, for the first request and for redirects. The bit-mask options
    // are deprecated since 7.85; they stay as the fallback for an older libcurl loaded at
    // run time, the one place the deprecation is meant to be used.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    if (curl.easy_setopt(handle, CURLOPT_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        curl.easy_setopt(handle, CURLOPT_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
    if (curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS_STR, "http,https") != CURLE_OK) {
        curl.easy_setopt(handle, CURLOPT_REDIR_PROTOCOLS, (long)(CURLPROTO_HTTP | CURLPROTO_HTTPS));
    }
#pragma GCC diagnostic pop

    CURLcode code = curl.easy_perform(handle);
    curl.easy_getinfo(handle, CURLINFO_RESPONSE_CODE, &result->status);
    // An error status is the answer even when the transfer was cut short for it; a
    // redirect that could not be followed is a failure with libcurl's reason.
    if (result->status >= 400 || (result->status > 0 && result->status < 200)) {
        result->outcome = CCurlLoader_HTTP_DONE;
    } else if (code == CURLE_OK) {
        result->outcome = CCurlLoader_HTTP_DONE;
        result->body = answer.data;
        result->length = answer.length;
        answer.data = NULL;
    } else if (answer.over || code == CURLE_FILESIZE_EXCEEDED) {
        result->outcome = CCurlLoader_HTTP_TOO_LARGE;
    } else if (code == CURLE_ABORTED_BY_CALLBACK) {
        result->outcome = CCurlLoader_HTTP_STOPPED;
    } else {
        result->outcome = CCurlLoader_HTTP_TRANSPORT;
        snprintf(result->message, sizeof result->message, "%s", error[0] ? error : curl.easy_strerror(code));
    }
    free(answer.data);
    curl.slist_free_all(list);
    curl.easy_cleanup(handle);
}

int CCurlLoader_http_available(char *message, size_t size) {
    pthread_once(&curl_once, load_curl);
    if (!curl.ready && message && size) snprintf(message, size, "%s", curl.error);
    return curl.ready;
}

void CCurlLoader_http_free(CCurlLoader_http_result *result) {
    free(result->body);
    result->body = NULL;
    result->length = 0;
}
