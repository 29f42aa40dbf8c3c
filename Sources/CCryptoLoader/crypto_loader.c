#include "crypto_loader.h"
#include "loader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

// libcrypto is opened with dlopen rather than linked (include/crypto_loader.h says why).
// The soname is OpenSSL 3's, the one Debian 12 and 13 ship (libssl3, libssl3t64).

static void *library;
static char failure[512];
static pthread_once_t opened = PTHREAD_ONCE_INIT;

static void open_library(void) {
    library = dlopen("libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(failure, sizeof failure,
                 "TLS and provider tokens need OpenSSL's libcrypto (Debian: apt install libssl3): %s", dlerror());
    }
}

int CCryptoLoader_open(void) {
    pthread_once(&opened, open_library);
    return library ? 0 : -1;
}

const char *CCryptoLoader_error(void) {
    pthread_once(&opened, open_library);
    return failure;
}

void *CCryptoLoader_symbol(const char *name, void *_Atomic *slot) {
    void *found = *slot;
    if (found) return found;
    if (CCryptoLoader_open() != 0) {
        fprintf(stderr, "lockscreend: %s\n", failure);
        abort();
    }
    found = dlsym(library, name);
    if (!found) {
        fprintf(stderr, "lockscreend: libcrypto.so.3 lacks %s; OpenSSL 3.0 or later is needed\n", name);
        abort();
    }
    // Two threads may both resolve it: they store the same address.
    *slot = found;
    return found;
}
