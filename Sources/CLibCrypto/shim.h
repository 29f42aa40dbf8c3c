#ifndef CLIBCRYPTO_SHIM_H
#define CLIBCRYPTO_SHIM_H
// OpenSSL's libcrypto (3.0 or later): the keys, certificates and signatures of the HTTP
// face (WebTrust). TLS itself is swift-nio-ssl's.
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
static const int CLibCrypto_UTF8 = MBSTRING_UTF8;
static const unsigned int CLibCrypto_exactHost = X509_CHECK_FLAG_NO_WILDCARDS | X509_CHECK_FLAG_NEVER_CHECK_SUBJECT;
#endif
