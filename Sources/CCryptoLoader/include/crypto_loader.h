#ifndef CCRYPTOLOADER_H
#define CCRYPTOLOADER_H
// OpenSSL's libcrypto (3.0 or later): the keys, certificates and signatures of the HTTP
// face and of the APNs provider tokens (WebTrust). TLS itself is swift-nio-ssl's.
//
// The program does not link libcrypto: each function WebTrust calls is defined in
// crypto_forwarders.c with OpenSSL's own name and type, and forwards to libcrypto.so.3,
// opened the first time one is called. A daemon that never serves TLS or signs a token
// never maps the library (1.4 MB resident and 0.7 ms of every start when it was linked;
// docs/PERFORMANCE.md).
#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509.h>
#include <openssl/x509v3.h>

// Macros Swift cannot import, as constants.
static const int CCryptoLoader_UTF8 = MBSTRING_UTF8;
static const unsigned int CCryptoLoader_exactHost = X509_CHECK_FLAG_NO_WILDCARDS | X509_CHECK_FLAG_NEVER_CHECK_SUBJECT;

/// Opens libcrypto.so.3 if it is not open yet; 0 when it is open, -1 (with the reason in
/// CCryptoLoader_error) when it cannot be.
int CCryptoLoader_open(void);
/// Why libcrypto could not be opened, or "" when it was.
const char *CCryptoLoader_error(void);
#endif
